import titleFont500 from "../vendor/ibm-plex-sans/adopet-title-500.woff2?url";
import poppins400 from "@fontsource/poppins/files/poppins-latin-400-normal.woff2?url";
import poppins600 from "@fontsource/poppins/files/poppins-latin-600-normal.woff2?url";

/** A `<link rel="preload">` for a font file (styles/fonts.css declares the faces). */
const preload = (href: string) =>
  ({ rel: "preload", href, as: "font", type: "font/woff2", crossOrigin: "anonymous" }) as const;

/** Text and labels of every page. */
export const PAGE_FONTS = [preload(poppins400), preload(poppins600)];
/** The welcome page's title: the glyphs of `Boas-vindas!` alone (vendor/ibm-plex-sans). */
export const TITLE_FONT = preload(titleFont500);
