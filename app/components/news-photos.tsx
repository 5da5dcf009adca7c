/** A news item's photos as thumbnails (issue 44), each named by `alt(position)`. */
export function NewsPhotos({ fotos, alt }: { fotos: string[]; alt: (position: number) => string }) {
  if (fotos.length === 0) return null;
  return (
    <p className="my-fosters__news-photos">
      {fotos.map((src, index) => (
        <img key={src} src={src} width={96} height={96} alt={alt(index + 1)} />
      ))}
    </p>
  );
}
