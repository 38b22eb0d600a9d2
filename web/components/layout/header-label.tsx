/**
 * A header control's words, which give way to its icon on a phone when signed in (the header
 * then carries the most). The control names itself with the same words (`aria-label`), so a
 * screen reader says them at every width.
 */
export function HeaderLabel({ text }: { text: string }) {
  return (
    <span className="header-label" aria-hidden="true">
      {text}
    </span>
  );
}
