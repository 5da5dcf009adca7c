import { createCookie } from "react-router";
import { NOTICES } from "~/validation/messages";

/**
 * One-time notices shown on the next page after a redirect ("Usuário
 * cadastrado com sucesso!"). The cookie carries only a key, never free text.
 */
export type NoticeKey = keyof typeof NOTICES;

const noticeCookie = createCookie("adopet_aviso", { httpOnly: true, sameSite: "lax", path: "/adopet", maxAge: 60 });

export function setNotice(key: NoticeKey): Promise<string> {
  return noticeCookie.serialize(key);
}

/** The pending notice's text, and the header that clears it, if there is one. */
export async function takeNotice(request: Request): Promise<{ text: string; clear: string } | null> {
  const key: unknown = await noticeCookie.parse(request.headers.get("Cookie"));
  if (typeof key !== "string" || !Object.hasOwn(NOTICES, key)) return null;
  return { text: NOTICES[key as NoticeKey], clear: await noticeCookie.serialize("", { maxAge: 0 }) };
}
