import { EditorContent, useEditor, useEditorState } from '@tiptap/react';
import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button, Group, ToggleButton, Toolbar } from 'react-aria-components';
import { cx } from './cx';
import { editorKeepsEverything, htmlToMarkdown, markdownToHtml } from './markdown';
import styles from './RichTextField.module.css';
import { richTextExtensions } from './richText';

/** Spec §9: markdown input debounce. */
const MARKDOWN_DEBOUNCE_MS = 300;

export interface RichTextEditorProps {
  label: string;
  labelId: string;
  describedBy?: string;
  isInvalid: boolean;
  isRequired?: boolean;
  /** The text is shown and cannot be changed: not editable, and its toolbar is disabled. */
  isReadOnly: boolean;
  initialMarkdown: string;
  /** The hidden input the markdown is written to, so it posts with the form. */
  input: RefObject<HTMLInputElement | null>;
  onChange?: (markdown: string) => void;
}

const marks = [
  { id: 'bold', text: 'B', label: 'Bold' },
  { id: 'italic', text: 'I', label: 'Italic' },
  { id: 'strike', text: 'S', label: 'Strikethrough' },
] as const;

type Chain = ReturnType<ReturnType<typeof useEditor>['chain']>;

function toggleMark(chain: Chain, mark: (typeof marks)[number]['id']): Chain {
  if (mark === 'bold') return chain.toggleBold();
  if (mark === 'italic') return chain.toggleItalic();
  return chain.toggleStrike();
}

/** The tiptap editor behind RichTextField; loaded on demand, so it is this module's default export. */
export default function RichTextEditor({
  label,
  labelId,
  describedBy,
  isInvalid,
  isRequired,
  isReadOnly,
  initialMarkdown,
  input,
  onChange,
}: RichTextEditorProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  const editor = useEditor({
    extensions: richTextExtensions(),
    content: markdownToHtml(initialMarkdown),
    editable: !isReadOnly,
    // The page's Content-Security-Policy refuses inline <style>: the rules live in RichTextField.module.css.
    injectCSS: false,
  });
  // Stored text is written back only once the user changed it: opening and saving keeps it byte for byte.
  const edited = useRef(false);
  const [keepsEverything] = useState(() => editorKeepsEverything(initialMarkdown, editor.getHTML()));
  const noticeId = useId();

  /** Writes the markdown now; the debounce only spares converting on every keystroke. */
  const flush = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const target = input.current;
    if (!target || editor.isDestroyed || !edited.current) return;
    const markdown = editor.isEmpty ? '' : htmlToMarkdown(editor.getHTML());
    if (target.value === markdown) return;
    target.value = markdown;
    latestOnChange.current?.(markdown);
  }, [editor, input]);

  useEffect(() => {
    const schedule = () => {
      edited.current = true;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(flush, MARKDOWN_DEBOUNCE_MS);
    };
    editor.on('update', schedule);
    editor.on('blur', flush);
    // A submit can come from the keyboard while an edit is still waiting: the form must post it.
    const form = input.current?.form;
    form?.addEventListener('submit', flush, true);
    return () => {
      editor.off('update', schedule);
      editor.off('blur', flush);
      form?.removeEventListener('submit', flush, true);
      flush();
    };
  }, [editor, flush, input]);

  // Without an update: a field that becomes read-only has not been edited, and writes nothing back.
  useEffect(() => {
    if (editor.isEditable === isReadOnly) editor.setEditable(!isReadOnly, false);
  }, [editor, isReadOnly]);

  // The editable area is a textbox named by the field's label (axe requires a name).
  useEffect(() => {
    const attributes: Record<string, string> = {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-labelledby': labelId,
      class: styles.content ?? '',
    };
    const descriptions = [describedBy, keepsEverything ? null : noticeId].filter(Boolean).join(' ');
    if (descriptions) attributes['aria-describedby'] = descriptions;
    if (isInvalid) attributes['aria-invalid'] = 'true';
    if (isRequired) attributes['aria-required'] = 'true';
    if (isReadOnly) attributes['aria-readonly'] = 'true';
    editor.setOptions({ editorProps: { attributes } });
  }, [editor, labelId, describedBy, isInvalid, isRequired, isReadOnly, keepsEverything, noticeId]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      strike: current.isActive('strike'),
      h2: current.isActive('heading', { level: 2 }),
      h3: current.isActive('heading', { level: 3 }),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  const run = (command: (chain: ReturnType<typeof editor.chain>) => ReturnType<typeof editor.chain>) =>
    command(editor.chain().focus()).run();

  return (
    <div className={cx(styles.editor, isInvalid && styles.invalid)} data-readonly={isReadOnly || undefined}>
      <Toolbar aria-label={`${label} formatting`} className={styles.toolbar}>
        <Group aria-label="Text" className={styles.group}>
          {marks.map((mark) => (
            <ToggleButton
              key={mark.id}
              aria-label={mark.label}
              isSelected={active[mark.id]}
              isDisabled={isReadOnly}
              onChange={() => run((c) => toggleMark(c, mark.id))}
              className={cx(styles.tool, styles[mark.id])}
            >
              {mark.text}
            </ToggleButton>
          ))}
        </Group>
        <Group aria-label="Blocks" className={styles.group}>
          <ToggleButton
            aria-label="Heading"
            isSelected={active.h2}
            isDisabled={isReadOnly}
            onChange={() => run((c) => c.toggleHeading({ level: 2 }))}
            className={styles.tool}
          >
            H2
          </ToggleButton>
          <ToggleButton
            aria-label="Subheading"
            isSelected={active.h3}
            isDisabled={isReadOnly}
            onChange={() => run((c) => c.toggleHeading({ level: 3 }))}
            className={styles.tool}
          >
            H3
          </ToggleButton>
          <ToggleButton
            aria-label="Bulleted list"
            isSelected={active.bulletList}
            isDisabled={isReadOnly}
            onChange={() => run((c) => c.toggleBulletList())}
            className={styles.tool}
          >
            • List
          </ToggleButton>
          <ToggleButton
            aria-label="Numbered list"
            isSelected={active.orderedList}
            isDisabled={isReadOnly}
            onChange={() => run((c) => c.toggleOrderedList())}
            className={styles.tool}
          >
            1. List
          </ToggleButton>
          <ToggleButton
            aria-label="Quote"
            isSelected={active.blockquote}
            isDisabled={isReadOnly}
            onChange={() => run((c) => c.toggleBlockquote())}
            className={styles.tool}
          >
            “ ”
          </ToggleButton>
        </Group>
        <Group aria-label="History" className={styles.group}>
          <Button
            aria-label="Undo"
            isDisabled={isReadOnly || !active.canUndo}
            onPress={() => run((c) => c.undo())}
            className={styles.tool}
          >
            ↶
          </Button>
          <Button
            aria-label="Redo"
            isDisabled={isReadOnly || !active.canRedo}
            onPress={() => run((c) => c.redo())}
            className={styles.tool}
          >
            ↷
          </Button>
        </Group>
      </Toolbar>
      {keepsEverything ? null : (
        <p id={noticeId} className={styles.notice}>
          Some of this text’s formatting cannot be shown here. It is kept as long as you leave the text
          unchanged; editing the text removes it.
        </p>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}
