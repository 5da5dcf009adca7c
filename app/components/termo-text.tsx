/** A termo's text as a reader sees it: its paragraphs, line breaks kept, the title first. */
export function TermoText({ texto, label }: { texto: string; label: string }) {
  const paragraphs = texto.split(/\n{2,}/);
  return (
    <div className="termo-text" role="document" aria-label={label} tabIndex={0}>
      {paragraphs.map((paragraph, index) => (
        <p
          key={index}
          className={index === 0 && paragraph === paragraph.toUpperCase() ? "termo-text__title" : undefined}
        >
          {paragraph}
        </p>
      ))}
    </div>
  );
}
