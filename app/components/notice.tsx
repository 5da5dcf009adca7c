/** The page's notice area: a polite live region that is always present, so changes are announced. */
export function Notice({ text }: { text: string | null }) {
  return (
    <div className={text ? "notice notice--visible" : "notice"} role="status" aria-live="polite">
      {text}
    </div>
  );
}
