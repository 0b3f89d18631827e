/** The id react-aria looks for before adding its own press style sheet (see global.css). */
const PRESSABLE_STYLE_ID = 'react-aria-pressable-style';

/**
 * Tells react-aria its press rule is already in the console's style sheet, so it adds no inline
 * <style> that a strict Content-Security-Policy would refuse.
 */
export function declarePressableStyle(doc: Document = document): void {
  if (doc.getElementById(PRESSABLE_STYLE_ID)) return;
  const marker = doc.createElement('meta');
  marker.id = PRESSABLE_STYLE_ID;
  marker.name = 'react-aria-pressable-style';
  marker.content = 'in global.css';
  doc.head.append(marker);
}
