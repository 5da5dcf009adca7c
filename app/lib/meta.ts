/** A page's title and description (every page has both: search engines and link previews show them). */
export function pageMeta(title: string, description: string) {
  return [{ title }, { name: "description", content: description }];
}

/**
 * A shared page's link preview (WhatsApp, Facebook groups, search engines): its title and
 * description, canonical address, Open Graph tags and, when it has one, its photo (640 px).
 */
export function shareMeta({
  title,
  description,
  url,
  ogTitle,
  type = "website",
  image,
}: {
  title: string;
  description: string;
  /** The page's absolute address (from the configured public URL). */
  url: string;
  ogTitle: string;
  type?: "website" | "article";
  image?: { url: string; alt: string } | null;
}) {
  return [
    ...pageMeta(title, description),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: type },
    { property: "og:site_name", content: "Adopet" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:title", content: ogTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    ...(image
      ? [
          { property: "og:image", content: image.url },
          { property: "og:image:type", content: "image/webp" },
          { property: "og:image:alt", content: image.alt },
          { name: "twitter:card", content: "summary_large_image" },
        ]
      : []),
  ];
}
