import { useId, useState } from 'react';

/**
 * A button that shows and hides a part of the screen (the WAI-ARIA disclosure): whether it is
 * open, the id the shown part carries, and the props of the button that opens and closes it.
 */
export function useDisclosure() {
  const id = useId();
  const [open, setOpen] = useState(false);
  return {
    open,
    id,
    button: {
      type: 'button',
      'aria-expanded': open,
      'aria-controls': id,
      onClick: () => setOpen(!open),
    } as const,
  };
}
