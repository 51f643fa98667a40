// Brand glyphs drawn in lucide's style (24×24, 2px strokes): lucide 1.x ships no brand icons.
const paths: Record<string, React.ReactNode> = {
  facebook: <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H7v3.5h2V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />,
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="0.6" />
    </>
  ),
  linkedin: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="3" />
      <path d="M8 10.5V17M8 7.5v.01M12 17v-6.5M12 13.5a2.5 2.5 0 0 1 5 0V17" />
    </>
  ),
  youtube: (
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
      <path d="m10 9 5 3-5 3z" />
    </>
  ),
  x: <path d="M4 4l16 16M20 4l-6.5 6.5M10.5 13.5 4 20" />,
  twitter: <path d="M4 4l16 16M20 4l-6.5 6.5M10.5 13.5 4 20" />,
};

const labels: Record<string, string> = {
  facebook: 'Facebook', instagram: 'Instagram', linkedin: 'LinkedIn', youtube: 'YouTube', x: 'X', twitter: 'X',
};

export function socialLabel(name: string): string {
  return labels[name.toLowerCase()] ?? name;
}

export function SocialIcon({ name, size = 20 }: { name: string; size?: number }) {
  const glyph = paths[name.toLowerCase()] ?? <circle cx="12" cy="12" r="8" />;
  return (
    // Drawn like the lucide icons (the .lucide rule of styles.css).
    <svg width={size} height={size} viewBox="0 0 24 24" className="lucide" aria-hidden="true">
      {glyph}
    </svg>
  );
}
