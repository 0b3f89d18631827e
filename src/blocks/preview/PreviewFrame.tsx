import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import styles from './PreviewPane.module.css';

export interface PreviewFrameProps {
  /** The device width the page is laid out at, scaled down to fit the pane. */
  width: number;
  /** Where the site's stylesheet is served: the only styles inside the frame. */
  cssUrl: string;
  title: string;
  children: ReactNode;
}

const EMPTY_DOCUMENT =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body></body></html>';

/**
 * An iframe laid out at a device's width, its document styled by the site's stylesheet alone (the
 * console's styles never reach in, nor the site's out), with React rendering `children` into its
 * body through a portal: the same React tree as the builder, so no copy of the draft is sent.
 */
export function PreviewFrame({ width, cssUrl, title, children }: PreviewFrameProps) {
  const box = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: entry.contentRect.width, height: entry.contentRect.height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onLoad = () => {
    const doc = frame.current?.contentDocument;
    if (!doc) return;
    // A link, not a style element: the console's CSP (which the frame's document shares) allows
    // style sheets from its own origin only.
    const link = doc.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL(cssUrl, window.location.href).toString();
    doc.head.append(link);
    setBody(doc.body);
  };

  const scale = size.width > 0 ? Math.min(1, size.width / width) : 1;
  return (
    <div ref={box} className={styles.frameBox}>
      <iframe
        ref={frame}
        title={title}
        data-preview=""
        srcDoc={EMPTY_DOCUMENT}
        onLoad={onLoad}
        className={styles.frame}
        style={{
          width,
          height: size.height > 0 ? size.height / scale : undefined,
          transform: scale < 1 ? `scale(${scale})` : undefined,
        }}
      />
      {body ? createPortal(children, body) : null}
    </div>
  );
}
