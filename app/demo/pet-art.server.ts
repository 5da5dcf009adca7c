/**
 * Our own illustrations for the demo pets (the original photos are not ours to
 * ship): a friendly dog or cat portrait drawn as SVG, in a palette per pet.
 */
export type Palette = { background: string; fur: string; accent: string };

export const PALETTES: readonly Palette[] = [
  { background: "#FCF0E3", fur: "#C98B4F", accent: "#8A5A2B" },
  { background: "#DDEBFF", fur: "#5B5B66", accent: "#2F2F36" },
  { background: "#D8F5EC", fur: "#E0A96D", accent: "#A0642E" },
  { background: "#FFE3E3", fur: "#F2F2F2", accent: "#9A9AA6" },
  { background: "#FFF4CC", fur: "#7A4E2D", accent: "#4A2E19" },
  { background: "#E8E1FF", fur: "#D9822B", accent: "#8C4A12" },
  { background: "#E1F5FE", fur: "#3A3A40", accent: "#111114" },
  { background: "#F3E8DA", fur: "#B5B5BD", accent: "#6D6D78" },
  { background: "#E6F7D9", fur: "#EFD9B4", accent: "#B48A4E" },
];

const eyesAndNose = (accent: string) => `
  <circle cx="340" cy="390" r="26" fill="#1E1E24"/><circle cx="460" cy="390" r="26" fill="#1E1E24"/>
  <circle cx="349" cy="381" r="8" fill="#FFF"/><circle cx="469" cy="381" r="8" fill="#FFF"/>
  <ellipse cx="400" cy="470" rx="34" ry="24" fill="${accent}"/>
  <path d="M400 494 v26 M400 520 q-30 28 -58 6 M400 520 q30 28 58 6" stroke="#1E1E24" stroke-width="9" fill="none" stroke-linecap="round"/>`;

function dog({ fur, accent }: Palette): string {
  return `
  <ellipse cx="400" cy="700" rx="250" ry="170" fill="${fur}"/>
  <path d="M215 260 q-90 40 -70 240 q20 70 90 20 z" fill="${accent}"/>
  <path d="M585 260 q90 40 70 240 q-20 70 -90 20 z" fill="${accent}"/>
  <ellipse cx="400" cy="420" rx="200" ry="190" fill="${fur}"/>
  <ellipse cx="400" cy="490" rx="110" ry="80" fill="#FFF" opacity="0.55"/>
  ${eyesAndNose(accent)}
  <path d="M375 540 q25 50 50 0" fill="#FC7071"/>`;
}

function cat({ fur, accent }: Palette): string {
  return `
  <ellipse cx="400" cy="700" rx="230" ry="170" fill="${fur}"/>
  <path d="M230 330 l10 -200 l140 120 z" fill="${fur}"/><path d="M570 330 l-10 -200 l-140 120 z" fill="${fur}"/>
  <path d="M255 290 l8 -110 l80 70 z" fill="#FC7071" opacity="0.6"/><path d="M545 290 l-8 -110 l-80 70 z" fill="#FC7071" opacity="0.6"/>
  <ellipse cx="400" cy="420" rx="195" ry="175" fill="${fur}"/>
  <path d="M330 270 q70 -40 140 0" stroke="${accent}" stroke-width="14" fill="none" stroke-linecap="round"/>
  ${eyesAndNose(accent)}
  <path d="M300 480 h-110 M300 500 l-100 30 M500 480 h110 M500 500 l100 30" stroke="${accent}" stroke-width="6" stroke-linecap="round"/>`;
}

export function petArtSvg(species: "cao" | "gato" | "outro", palette: Palette): string {
  const body = species === "gato" ? cat(palette) : dog(palette);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
  <rect width="800" height="800" fill="${palette.background}"/>
  <circle cx="120" cy="120" r="60" fill="#36D6AD" opacity="0.35"/>
  <circle cx="700" cy="680" r="90" fill="#3772FF" opacity="0.15"/>
  ${body}
</svg>`;
}

/** The demo ONG's logo: a white paw on green, drawn here (no font needed to render it). */
export function pawLogoSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
  <rect width="400" height="400" rx="64" fill="#2E7D32"/>
  <g fill="#FFFFFF">
    <ellipse cx="200" cy="255" rx="78" ry="66"/>
    <ellipse cx="112" cy="168" rx="32" ry="42" transform="rotate(-20 112 168)"/>
    <ellipse cx="168" cy="112" rx="32" ry="44" transform="rotate(-6 168 112)"/>
    <ellipse cx="232" cy="112" rx="32" ry="44" transform="rotate(6 232 112)"/>
    <ellipse cx="288" cy="168" rx="32" ry="42" transform="rotate(20 288 168)"/>
  </g>
</svg>`;
}
