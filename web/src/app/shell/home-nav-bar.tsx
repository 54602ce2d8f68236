import { type ReactNode, useId } from 'react';
import { Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { Link } from 'react-router-dom';
import { Button } from '../../ui/button';
import { Menu, MenuItem } from '../../ui/menu';
import { BrandLogo } from '../../ui/brand-logo';
import { firmContent } from '../../content';
import type { Brand } from '../../lib/brand';
import { useMediaQuery } from '../../lib/use-media-query';
import { NARROW_SCREEN } from './navigation';

interface HomeLink {
  readonly label: string;
  /** A path in the portal, or a path on the company website (opens in a new tab). */
  readonly path: string;
  readonly inPortal?: boolean;
}

/** The company-site links come from the firm's content file; the two portal links are the spec's. */
const projectLinks: readonly HomeLink[] = firmContent.topNavigation.projects;

const pageLinks: readonly HomeLink[] = [
  ...firmContent.topNavigation.pages,
  { label: 'MY-ERP', path: '/home', inPortal: true },
  { label: 'Company Values', path: '/companyValues', inPortal: true },
];

const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;

function HomeNavLink({
  brand,
  link,
  className,
  onFollow,
}: {
  brand: Brand;
  link: HomeLink;
  className: string;
  onFollow?: () => void;
}) {
  return link.inPortal ? (
    <Link to={link.path} className={className} onClick={onFollow}>
      {link.label}
    </Link>
  ) : (
    <a href={`${brand.website}${link.path}`} {...newTab} className={className} onClick={onFollow}>
      {link.label}
    </a>
  );
}

/** Wide screens: the links in a row, the projects links in a dropdown. */
function InlineLinks({ brand }: { brand: Brand }) {
  return (
    <nav aria-label="Company" className="home-nav__links">
      <Menu label="Projects" trigger={<Button variant="ghost">Projects ▾</Button>}>
        {projectLinks.map((link) => (
          <MenuItem key={link.path} id={link.path} href={`${brand.website}${link.path}`} {...newTab}>
            {link.label}
          </MenuItem>
        ))}
      </Menu>
      {pageLinks.map((link) => (
        <HomeNavLink key={link.path} brand={brand} link={link} className="home-nav__link" />
      ))}
    </nav>
  );
}

/**
 * Narrow screens: a menu button opening the same links in a popover. Enter or Space opens it,
 * Tab walks the links, Escape (or following a link) closes it and focus returns to the button.
 */
function MenuLinks({ brand }: { brand: Brand }) {
  const projectsId = useId();
  return (
    <DialogTrigger>
      <Button variant="icon" className="home-nav__menu-toggle" aria-label="Navigation menu">
        <span aria-hidden="true">☰</span>
      </Button>
      <Popover className="popover home-nav__popover" placement="bottom end">
        <Dialog aria-label="Navigation menu" className="home-nav__dialog">
          {({ close }) => (
            <nav aria-label="Company">
              <h2 id={projectsId} className="home-nav__heading">
                Projects
              </h2>
              <ul className="home-nav__list" aria-labelledby={projectsId}>
                {projectLinks.map((link) => (
                  <li key={link.path}>
                    <HomeNavLink brand={brand} link={link} className="home-nav__item" onFollow={close} />
                  </li>
                ))}
              </ul>
              <ul className="home-nav__list home-nav__list--pages">
                {pageLinks.map((link) => (
                  <li key={link.path}>
                    <HomeNavLink brand={brand} link={link} className="home-nav__item" onFollow={close} />
                  </li>
                ))}
              </ul>
            </nav>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

/**
 * The landing page's only navigation (spec 'Shell rules'): a projects-links dropdown, Management,
 * Time on Tools, Blogs, Social (company site, new tab), MY-ERP and Company Values (in the portal).
 * On a narrow screen the links move behind a menu button.
 */
export function HomeNavBar({ brand, account }: { brand: Brand; account: ReactNode }) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  return (
    <header className="home-nav">
      <Link to="/" className="home-nav__brand">
        <BrandLogo brand={brand.id} />
      </Link>
      {narrow ? <div className="home-nav__spacer" /> : <InlineLinks brand={brand} />}
      {narrow ? <MenuLinks brand={brand} /> : null}
      <div className="home-nav__account">{account}</div>
    </header>
  );
}
