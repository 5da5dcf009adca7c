/**
 * Adopet's own artwork, drawn as inline SVG: crisp at any size, no extra
 * requests, and coloured by CSS (`currentColor`) where the page needs it.
 */
type ArtProps = { className?: string };

/**
 * "adopet" in Poppins Bold at 34 units (tracking -0.5), as outlines: the logo looks the same
 * before any font has loaded, and no page waits for the bold face to draw it.
 */
const WORDMARK =
  "M63 29.5Q63 26.6 64.1 24.3Q65.2 22.1 67.1 20.9Q69 19.8 71.3 19.8Q73.3 19.8 74.8 20.6Q76.3 21.4 77.2 22.7L77.2 20L83 20L83 39L77.2 39L77.2 36.3Q76.3 37.6 74.8 38.5Q73.3 39.3 71.3 39.3Q69 39.3 67.1 38.1Q65.2 36.9 64.1 34.6Q63 32.4 63 29.5M77.2 29.5Q77.2 27.3 76 26.1Q74.8 24.8 73 24.8Q71.3 24.8 70.1 26.1Q68.9 27.3 68.9 29.5Q68.9 31.7 70.1 32.9Q71.3 34.2 73 34.2Q74.8 34.2 76 32.9Q77.2 31.7 77.2 29.5M85.5 29.5Q85.5 26.6 86.6 24.3Q87.7 22.1 89.7 20.9Q91.6 19.8 93.9 19.8Q95.8 19.8 97.3 20.5Q98.9 21.3 99.8 22.6L99.8 13.8L105.6 13.8L105.6 39L99.8 39L99.8 36.3Q98.9 37.6 97.4 38.5Q95.9 39.3 93.9 39.3Q91.6 39.3 89.7 38.1Q87.7 36.9 86.6 34.6Q85.5 32.4 85.5 29.5M99.8 29.5Q99.8 27.3 98.5 26.1Q97.3 24.8 95.6 24.8Q93.9 24.8 92.7 26.1Q91.5 27.3 91.5 29.5Q91.5 31.7 92.7 32.9Q93.9 34.2 95.6 34.2Q97.3 34.2 98.5 32.9Q99.8 31.7 99.8 29.5M117.9 39.3Q115.1 39.3 112.9 38.1Q110.7 36.9 109.4 34.7Q108.1 32.5 108.1 29.5Q108.1 26.6 109.4 24.4Q110.7 22.1 113 20.9Q115.2 19.8 118 19.8Q120.8 19.8 123 20.9Q125.3 22.1 126.6 24.4Q127.8 26.6 127.8 29.5Q127.8 32.4 126.5 34.7Q125.2 36.9 123 38.1Q120.7 39.3 117.9 39.3M117.9 34.2Q119.6 34.2 120.8 33Q121.9 31.8 121.9 29.5Q121.9 27.2 120.8 26Q119.7 24.8 118 24.8Q116.3 24.8 115.2 26Q114 27.2 114 29.5Q114 31.8 115.1 33Q116.3 34.2 117.9 34.2M136.3 22.7Q137.1 21.4 138.6 20.6Q140.1 19.8 142.1 19.8Q144.4 19.8 146.3 20.9Q148.3 22.1 149.4 24.3Q150.5 26.6 150.5 29.5Q150.5 32.4 149.4 34.6Q148.3 36.9 146.3 38.1Q144.4 39.3 142.1 39.3Q140.1 39.3 138.6 38.5Q137.1 37.6 136.3 36.3L136.3 48L130.4 48L130.4 20L136.3 20L136.3 22.7M144.5 29.5Q144.5 27.3 143.3 26.1Q142.1 24.8 140.4 24.8Q138.6 24.8 137.4 26.1Q136.2 27.3 136.2 29.5Q136.2 31.7 137.4 32.9Q138.6 34.2 140.4 34.2Q142.1 34.2 143.3 32.9Q144.5 31.7 144.5 29.5M170.9 29.2Q170.9 30 170.8 30.9L157.6 30.9Q157.8 32.7 158.8 33.6Q159.8 34.5 161.3 34.5Q163.4 34.5 164.3 32.7L170.5 32.7Q170 34.6 168.7 36.1Q167.5 37.6 165.6 38.4Q163.8 39.3 161.5 39.3Q158.7 39.3 156.5 38.1Q154.3 36.9 153.1 34.7Q151.9 32.5 151.9 29.5Q151.9 26.6 153.1 24.3Q154.3 22.1 156.5 20.9Q158.6 19.8 161.5 19.8Q164.2 19.8 166.4 20.9Q168.5 22.1 169.7 24.2Q170.9 26.4 170.9 29.2M157.7 27.7L165 27.7Q165 26.2 163.9 25.3Q162.9 24.4 161.4 24.4Q159.9 24.4 158.9 25.3Q157.9 26.1 157.7 27.7M182 34.1L184 34.1L184 39L181.1 39Q177.9 39 176.2 37.5Q174.4 35.9 174.4 32.4L174.4 24.9L172.1 24.9L172.1 20L174.4 20L174.4 15.4L180.2 15.4L180.2 20L184 20L184 24.9L180.2 24.9L180.2 32.5Q180.2 33.3 180.6 33.7Q181 34.1 182 34.1";

/** The wordmark: a paw inside a heart, then "adopet". */
export function Logo({ className, label }: ArtProps & { label?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 200 56"
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path
        d="M28 50 C10 38 2 28 2 17 C2 8.5 8.5 2 16.5 2 C21.5 2 25.5 4.5 28 8.5 C30.5 4.5 34.5 2 39.5 2 C47.5 2 54 8.5 54 17 C54 28 46 38 28 50 Z"
        fill="currentColor"
      />
      <g fill="var(--logo-inner, #FFFFFF)">
        <ellipse cx="28" cy="31" rx="8" ry="6.5" />
        <ellipse cx="18.5" cy="21.5" rx="3.4" ry="4.4" />
        <ellipse cx="25" cy="16.5" rx="3.4" ry="4.4" />
        <ellipse cx="31" cy="16.5" rx="3.4" ry="4.4" />
        <ellipse cx="37.5" cy="21.5" rx="3.4" ry="4.4" />
      </g>
      <path d={WORDMARK} fill="currentColor" />
    </svg>
  );
}

export function HomeIcon({ className }: ArtProps) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5.5v-6h-5v6H4a1 1 0 0 1-1-1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function MessagesIcon({ className }: ArtProps) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 4h16a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H9l-5 4v-4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M7 9h10M7 12.5h6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** Three lines: the account menu's button. */
export function MenuIcon({ className }: ArtProps) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M4 6.5h16M4 12h16M4 17.5h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** The placeholder shown in the avatar when a user has no photo. */
export function NoPhotoAvatar({ className }: ArtProps) {
  return (
    <svg className={className} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" fill="#DCDCE2" />
      <circle cx="20" cy="15.5" r="7" fill="#8A8A96" />
      <path d="M7 33.5c2.5-6 7.5-9 13-9s10.5 3 13 9A19.9 19.9 0 0 1 20 40a19.9 19.9 0 0 1-13-6.5z" fill="#8A8A96" />
    </svg>
  );
}

/** A dog and a cat sitting side by side (welcome page). */
export function DogAndCat({ className }: ArtProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 320 200"
      role="img"
      aria-label="Desenho de um cão e um gato"
      focusable="false"
    >
      <ellipse cx="160" cy="190" rx="150" ry="10" fill="#000" opacity="0.12" />
      {/* Dog */}
      <g>
        <path d="M40 190 C34 140 50 112 92 108 C134 112 150 140 144 190 Z" fill="#C98B4F" />
        <ellipse cx="92" cy="165" rx="30" ry="24" fill="#F2D5B0" />
        <path d="M52 58 C30 62 26 102 38 116 C46 124 56 112 60 96 Z" fill="#8A5A2B" />
        <path d="M132 58 C154 62 158 102 146 116 C138 124 128 112 124 96 Z" fill="#8A5A2B" />
        <ellipse cx="92" cy="80" rx="40" ry="38" fill="#C98B4F" />
        <ellipse cx="92" cy="96" rx="22" ry="16" fill="#F2D5B0" />
        <circle cx="77" cy="74" r="5" fill="#1E1E24" />
        <circle cx="107" cy="74" r="5" fill="#1E1E24" />
        <circle cx="79" cy="72" r="1.6" fill="#FFF" />
        <circle cx="109" cy="72" r="1.6" fill="#FFF" />
        <ellipse cx="92" cy="90" rx="7" ry="5" fill="#1E1E24" />
        <path d="M86 100 q6 10 12 0" fill="#FC7071" />
        <ellipse cx="70" cy="188" rx="14" ry="7" fill="#F2D5B0" />
        <ellipse cx="114" cy="188" rx="14" ry="7" fill="#F2D5B0" />
      </g>
      {/* Cat */}
      <g>
        <path
          d="M296 178 C318 170 316 140 300 132"
          stroke="#5B5B66"
          strokeWidth="9"
          fill="none"
          strokeLinecap="round"
        />
        <path d="M180 190 C176 146 192 122 232 120 C272 122 288 146 284 190 Z" fill="#5B5B66" />
        <ellipse cx="232" cy="170" rx="24" ry="20" fill="#ECECF0" />
        <path d="M200 92 L198 44 L226 68 Z" fill="#5B5B66" />
        <path d="M264 92 L266 44 L238 68 Z" fill="#5B5B66" />
        <path d="M204 80 L203 56 L218 70 Z" fill="#FC7071" opacity="0.7" />
        <path d="M260 80 L261 56 L246 70 Z" fill="#FC7071" opacity="0.7" />
        <ellipse cx="232" cy="94" rx="36" ry="32" fill="#5B5B66" />
        <ellipse cx="219" cy="90" rx="5" ry="6" fill="#F9D74C" />
        <ellipse cx="245" cy="90" rx="5" ry="6" fill="#F9D74C" />
        <ellipse cx="219" cy="90" rx="1.8" ry="5" fill="#1E1E24" />
        <ellipse cx="245" cy="90" rx="1.8" ry="5" fill="#1E1E24" />
        <path d="M228 102 h8 l-4 4 z" fill="#FC7071" />
        <path
          d="M210 104 h-20 M210 109 l-18 6 M254 104 h20 M254 109 l18 6"
          stroke="#ECECF0"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
        <ellipse cx="214" cy="189" rx="12" ry="6" fill="#ECECF0" />
        <ellipse cx="250" cy="189" rx="12" ry="6" fill="#ECECF0" />
      </g>
    </svg>
  );
}

/** The green blob in the top-left corner. */
export function Blob({ className }: ArtProps) {
  return (
    <svg className={className} viewBox="0 0 200 100" aria-hidden="true" focusable="false">
      <path d="M0 0 H190 C200 28 172 46 132 50 C96 54 82 72 58 88 C38 101 14 100 0 94 Z" fill="currentColor" />
    </svg>
  );
}

/** Paw prints, top right of login and cadastro. */
export function Paws({ className }: ArtProps) {
  const paw = (x: number, y: number, rotate: number) => (
    <g transform={`translate(${x} ${y}) rotate(${rotate})`}>
      <ellipse cx="0" cy="8" rx="9" ry="7.5" />
      <ellipse cx="-11" cy="-3" rx="3.6" ry="4.8" />
      <ellipse cx="-4" cy="-9" rx="3.6" ry="4.8" />
      <ellipse cx="4" cy="-9" rx="3.6" ry="4.8" />
      <ellipse cx="11" cy="-3" rx="3.6" ry="4.8" />
    </g>
  );
  return (
    <svg className={className} viewBox="0 0 120 120" aria-hidden="true" focusable="false" fill="currentColor">
      {paw(94, 22, 20)}
      {paw(62, 52, 10)}
      {paw(88, 90, 25)}
    </svg>
  );
}

/** The chat bubble beside "Falar com responsável". */
export function ChatIcon({ className }: ArtProps) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M12 3C6.5 3 2 6.8 2 11.5c0 2.3 1.1 4.4 2.9 5.9L4 21l4.2-2.1c1.2.4 2.5.6 3.8.6 5.5 0 10-3.8 10-8.5S17.5 3 12 3z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="8" cy="11.5" r="1.2" fill="currentColor" />
      <circle cx="12" cy="11.5" r="1.2" fill="currentColor" />
      <circle cx="16" cy="11.5" r="1.2" fill="currentColor" />
    </svg>
  );
}
