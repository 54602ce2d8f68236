/** The two brands (contractor spec §1): userType 'sightstream' gets the second, everyone else the default. */
export type BrandId = 'default' | 'sightstream';

export interface Brand {
  readonly id: BrandId;
  readonly companyName: string;
  readonly portalName: string;
  /** The company's public site, for the landing page's external links. */
  readonly website: string;
}

export const brands: Record<BrandId, Brand> = {
  default: {
    id: 'default',
    companyName: 'Smartwork Consulting',
    portalName: 'Smartwork Portal',
    website: 'https://www.smartwork.example',
  },
  sightstream: {
    id: 'sightstream',
    companyName: 'Sightstream',
    portalName: 'Sightstream Portal',
    website: 'https://www.sightstream.example',
  },
};

export function brandFor(userType: string | undefined): Brand {
  return userType === 'sightstream' ? brands.sightstream : brands.default;
}
