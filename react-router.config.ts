import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  basename: "/adopet/",
  // Every route is known to the browser from the first page (a small, cached file) rather
  // than discovered link by link: a click that came before a link's discovery finished
  // could match only the root route and show an empty page (seen after following the
  // logo from the 404 page), and there are few routes to know.
  routeDiscovery: { mode: "initial" },
} satisfies Config;
