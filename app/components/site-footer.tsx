import { Link } from "react-router";
import { iconClass } from "~/components/css-icons";
import { company } from "~/content/company";
import {
  copyrightLine,
  footerBlurb,
  footerHeadings,
  footerQuickLinks,
  footerServiceLinks,
} from "~/content/navigation";

/** Its headings, lists and links are styled once in app.css (.site-footer), not on each of them. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div>
        <div>
          <h2>{footerHeadings.about}</h2>
          <p>{footerBlurb}</p>
        </div>
        <FooterLinks label="Quick links" heading={footerHeadings.quickLinks} links={footerQuickLinks} />
        <FooterLinks label="Our services" heading={footerHeadings.services} links={footerServiceLinks} />
        <div>
          <h2>{footerHeadings.contact}</h2>
          <address>
            <p className={`footer-contact ${iconClass("map-pin")}`}>
              <span>
                {company.address.label}: {company.address.singleLine}
              </span>
            </p>
            <p className={`footer-contact ${iconClass("phone")}`}>
              <a href={company.phone.href}>{company.phone.display}</a>
            </p>
            <p className={`footer-contact ${iconClass("mail")}`}>
              <a href={company.emails.general.href}>{company.emails.general.address}</a>
            </p>
            <p className={`footer-contact ${iconClass("globe")}`}>
              <a href={company.website.url}>{company.website.display}</a>
            </p>
          </address>
        </div>
      </div>
      <div>
        <div>
          <h2 className="sr-only">{footerHeadings.legal}</h2>
          <p>{company.registration.disclosure}</p>
          <p>
            {company.ghanaLicence.attribution}. {company.ghanaLicence.coverage}
          </p>
          <p>{company.disclaimer}</p>
          <p>{copyrightLine(new Date().getFullYear())}</p>
        </div>
      </div>
    </footer>
  );
}

function FooterLinks({
  label,
  heading,
  links,
}: {
  label: string;
  heading: string;
  links: readonly { href: string; label: string }[];
}) {
  return (
    <nav aria-label={label}>
      <h2>{heading}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
