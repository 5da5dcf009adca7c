import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useHref,
  useNavigation,
  useRouteLoaderData,
  type LinksFunction,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/root";
import { Blob } from "./components/art";
import { DeferredScripts } from "./components/deferred-scripts";
import { Notice } from "./components/notice";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { UserMirror } from "./components/user-mirror";
import { imageUrl } from "./lib/image-urls";
import { usePageScripts } from "./lib/page-handle";
import appCss from "./styles/app.css?url";
import { PAGE_FONTS } from "./fonts";
import { inboxState } from "~/domain/messages/inbox.server";
import { useLiveConversations } from "~/components/live-conversations";
import { countNewApplications } from "~/domain/applications/application-views.server";
import { countModerationWork } from "~/domain/moderation/operators.server";
import { membershipsOf } from "~/domain/organizations/membership.server";
import { headerOrganization } from "./web/header-organization.server";
import { getUser } from "./web/auth.server";
import { takeNotice } from "./web/notices.server";

export const links: LinksFunction = () => [
  ...PAGE_FONTS,
  { rel: "stylesheet", href: appCss },
  // A PNG: an SVG icon is drawn in a document of its own, a long task on a slow phone.
  { rel: "icon", href: "/adopet/favicon.png", type: "image/png", sizes: "48x48" },
];

export function meta(): Route.MetaDescriptors {
  return [
    { title: "Adopet" },
    { name: "description", content: "Encontre um amigo para adotar e fale com quem cuida dele." },
  ];
}

/** Who is signed in (what the header needs) and the notice left by the last action. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context.db);
  const notice = await takeNotice(request);
  // The account menu's counts (AttentionCounts in app/lib/account-nav.ts); operators' only for them.
  const [{ unread, inbox }, newApplications, toModerate, memberships] = user
    ? await Promise.all([
        // Messages of visitors and of conversations alike, in one query.
        inboxState(context.db, user.id),
        countNewApplications(context.db, user.id),
        user.operador ? countModerationWork(context.db) : null,
        // The header's organisation (none for who never published).
        membershipsOf(context.db, user.id),
      ])
    : [{ unread: 0, inbox: false }, 0, null, []];
  const organization = user ? await headerOrganization(context.db, request, user.id, memberships) : null;
  return data(
    {
      user: user && {
        id: user.id,
        email: user.email,
        nome: user.nome,
        foto: user.photoId ? imageUrl(user.photoId, 160) : null,
        unread,
        inbox,
        newApplications,
        toModerate,
        larTemporario: memberships.some((membership) => membership.papel === "lar_temporario"),
        inOrganization: memberships.length > 0,
        organizacao: organization,
      },
      notice: notice?.text ?? null,
      // The key of the forms this page shows, new after every post (shouldRevalidate): a form
      // sent twice with it is made once (submitFormOnce). Only a signed-in person's forms make things.
      chaveDeEnvio: user ? crypto.randomUUID() : null,
    },
    notice ? { headers: { "Set-Cookie": notice.clear } } : undefined,
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

/**
 * After any form post, even one refused with a 4xx, read the header's state
 * again: the last notice is then gone and the unread count is current.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? true : defaultShouldRevalidate;
}

/** The document and the shared layout of every page, errors included. */
export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const root = useRouteLoaderData<typeof loader>("root");
  const navigation = useNavigation();
  const welcome = pathname === "/" || pathname === "";
  // The profile waits for the signed-in user: say so while it loads.
  // (The router's pending location keeps the base path; useHref adds it to ours.)
  const profileHref = useHref("/perfil");
  const loadingProfile = navigation.state === "loading" && navigation.location.pathname === profileHref;
  const scripts = usePageScripts();
  // Marks the page as interactive, error pages included (tests wait for it before typing);
  // a page without scripts is as interactive as it gets once it is parsed.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="pt-BR" data-static={scripts ? undefined : ""}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2F66F0" />
        <Meta />
        <Links />
      </head>
      <body className={welcome ? "page page--welcome" : "page"}>
        <a className="skip-link" href="#conteudo">
          Pular para o conteúdo
        </a>
        <Blob className="decoration decoration--blob" />
        <SiteHeader user={root?.user ?? null} />
        <main id="conteudo" className="feed" tabIndex={-1}>
          <Notice text={root?.notice ?? null} />
          {loadingProfile ? <p className="loading">Carregando...</p> : children}
        </main>
        <UserMirror user={root?.user ?? null} inline={!scripts} />
        <SiteFooter />
        {scripts && (
          <>
            <ScrollRestoration />
            <DeferredScripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  const root = useRouteLoaderData<typeof loader>("root");
  useLiveConversations(Boolean(root?.user));
  return <Outlet />;
}

/** Unexpected errors: a friendly page, never a stack trace. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const response = isRouteErrorResponse(error) ? error : null;
  const notFound = response?.status === 404;
  // A refusal we wrote ourselves (403, 400…) carries its Portuguese reason.
  const reason = response && typeof response.data === "string" && response.status < 500 ? response.data : null;
  if (!response) console.error(error);
  let title = "Algo deu errado";
  let text = "Não foi possível carregar esta página agora. Tente novamente em instantes.";
  if (notFound) {
    title = "Página não encontrada";
    text = reason ?? "O endereço que você procurou não existe ou foi removido.";
  } else if (reason) {
    title = "Não foi possível concluir";
    text = reason;
  }
  return (
    <section className="message-page">
      <h1 className="message-page__title">{title}</h1>
      <p>{text}</p>
      <Link className="button" to="/">
        Voltar ao início
      </Link>
    </section>
  );
}
