import { Link } from "react-router-dom";
import { config } from "../config.ts";
import { PATHS } from "../paths.ts";
import { TOOLS } from "../tools/catalog.ts";
import { Logo } from "./logo.tsx";

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p className="site-footer__tagline">Voice AI for communicators, creators and educators, priced in naira.</p>
        </div>
        <nav aria-label="Footer" className="site-footer__nav">
          <ul>
            {TOOLS.map((tool) => (
              <li key={tool.id}>
                <Link to={tool.path}>{tool.name}</Link>
              </li>
            ))}
          </ul>
          <ul>
            <li>
              <Link to={PATHS.solutions}>Solutions</Link>
            </li>
            <li>
              <Link to={PATHS.pricing}>Pricing</Link>
            </li>
            <li>
              <Link to={PATHS.watchDemo}>Watch demo</Link>
            </li>
            <li>
              <Link to={PATHS.about}>About Vox</Link>
            </li>
            <li>
              <Link to={PATHS.developers}>Developers</Link>
            </li>
            <li>
              <Link to={PATHS.privacy}>Privacy notice</Link>
            </li>
            <li>
              <Link to={PATHS.terms}>Terms of service</Link>
            </li>
          </ul>
        </nav>
      </div>
      <p className="site-footer__copyright">
        © {new Date().getFullYear()} Vox. Built and operated by{" "}
        <a href={config.providerUrl} target="_blank" rel="noopener noreferrer">
          {config.providerName}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        .
      </p>
    </footer>
  );
}
