import type { BrandId } from '../lib/brand';

/** The brand's logo mark and wordmark, drawn inline so it takes the brand colours. */
export function BrandLogo({ brand, inverse = false }: { brand: BrandId; inverse?: boolean }) {
  const text = inverse ? '#ffffff' : 'var(--color-text)';
  if (brand === 'sightstream') {
    return (
      <svg className="brand-logo" viewBox="0 0 188 40" role="img" aria-label="Sightstream">
        <circle cx="20" cy="20" r="18" fill="var(--brand-primary)" />
        <path d="M6 20c4-6.5 8.7-9.5 14-9.5S30 13.5 34 20c-4 6.5-8.7 9.5-14 9.5S10 26.5 6 20z" fill="#fff" />
        <circle cx="20" cy="20" r="5.2" fill="var(--brand-accent)" />
        <path
          d="M10 32c3-1.8 6.4-2.6 10-2.6s7 .8 10 2.6"
          stroke="#fff"
          strokeWidth="2"
          fill="none"
          strokeLinecap="round"
        />
        <text
          x="46"
          y="27"
          fontFamily="var(--font-sans)"
          fontSize="19"
          fontWeight="700"
          fill={text}
          letterSpacing="0.2"
        >
          Sightstream
        </text>
      </svg>
    );
  }
  return (
    <svg className="brand-logo" viewBox="0 0 212 40" role="img" aria-label="Smartwork Consulting">
      <rect x="2" y="2" width="36" height="36" rx="9" fill="var(--brand-primary)" />
      <path
        d="M27.5 12.5c-1.6-1.7-4-2.6-6.7-2.6-4.2 0-7.1 2.2-7.1 5.4 0 7 13 4.2 13 9.6 0 1.9-2 3.3-5 3.3-2.6 0-4.8-1-6.3-2.8"
        fill="none"
        stroke="#fff"
        strokeWidth="3.2"
        strokeLinecap="round"
      />
      <circle cx="31" cy="31" r="3" fill="var(--brand-accent)" />
      <text x="48" y="21" fontFamily="var(--font-sans)" fontSize="18" fontWeight="800" fill={text}>
        smartwork
      </text>
      <text
        x="49"
        y="34"
        fontFamily="var(--font-sans)"
        fontSize="9.5"
        fontWeight="600"
        fill={text}
        opacity="0.7"
        letterSpacing="3"
      >
        CONSULTING
      </text>
    </svg>
  );
}
