/** A page's title and description (every page has both: search engines and link previews show them). */
export function pageMeta(title: string, description: string) {
  return [{ title }, { name: "description", content: description }];
}
