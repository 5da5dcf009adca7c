import { redirect } from "react-router";
import type { Route } from "./+types/sair";
import { endSession } from "~/web/auth.server";
import { setNotice } from "~/web/notices.server";

/** Logging out changes state, so only a POST does it; a GET just goes back to the start. */
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await endSession(request, context));
  headers.append("Set-Cookie", await setNotice("loggedOut"));
  return redirect("/", { headers });
}
