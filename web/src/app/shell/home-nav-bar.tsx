import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../ui/button';
import { Menu, MenuItem } from '../../ui/menu';
import { BrandLogo } from '../../ui/brand-logo';
import type { Brand } from '../../lib/brand';

function external(brand: Brand, path: string): string {
  return `${brand.website}${path}`;
}

/**
 * The landing page's only navigation (spec 'Shell rules'): a projects-links dropdown, Management,
 * Time on Tools, Blogs, Social (company site, new tab), MY-ERP and Company Values (in the portal).
 */
export function HomeNavBar({ brand, account }: { brand: Brand; account: ReactNode }) {
  const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;
  return (
    <header className="home-nav">
      <Link to="/" className="home-nav__brand">
        <BrandLogo brand={brand.id} />
      </Link>
      <nav aria-label="Company" className="home-nav__links">
        <Menu label="Projects" trigger={<Button variant="ghost">Projects ▾</Button>}>
          <MenuItem id="featured" href={external(brand, '/projects/featured')} {...newTab}>
            Featured Projects
          </MenuItem>
          <MenuItem id="energy" href={external(brand, '/projects/energy')} {...newTab}>
            Energy and Utilities
          </MenuItem>
          <MenuItem id="infrastructure" href={external(brand, '/projects/infrastructure')} {...newTab}>
            Infrastructure
          </MenuItem>
          <MenuItem id="digital" href={external(brand, '/projects/digital')} {...newTab}>
            Digital Transformation
          </MenuItem>
        </Menu>
        <a href={external(brand, '/management')} {...newTab} className="home-nav__link">
          Management
        </a>
        <a href={external(brand, '/time-on-tools')} {...newTab} className="home-nav__link">
          Time on Tools
        </a>
        <a href={external(brand, '/blog')} {...newTab} className="home-nav__link">
          Blogs
        </a>
        <a href={external(brand, '/social')} {...newTab} className="home-nav__link">
          Social
        </a>
        <Link to="/home" className="home-nav__link">
          MY-ERP
        </Link>
        <Link to="/companyValues" className="home-nav__link">
          Company Values
        </Link>
      </nav>
      <div className="home-nav__account">{account}</div>
    </header>
  );
}
