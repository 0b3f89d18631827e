import { ToggleButton } from 'react-aria-components';
import { buttonClassName } from '@/ui/Button';

/** Shows or hides the builder's preview; a toggle button, so its state is announced (aria-pressed). */
export function PreviewToggle({ isOpen, onChange }: { isOpen: boolean; onChange: (open: boolean) => void }) {
  return (
    <ToggleButton isSelected={isOpen} onChange={onChange} className={buttonClassName('secondary')}>
      Preview
    </ToggleButton>
  );
}
