import { type AnchorHTMLAttributes, createContext, type MouseEvent, useContext } from "react";
import { type NavigateFunction, useLocation } from "react-router-dom";

/**
 * Links to the site's own pages. React Router's `Link` runs a dozen hooks per link for what the
 * site never uses (relative paths, prefetching, view transitions, data routers); a page hydrates
 * ~25 links, and on a 4×-slowed phone they were ~15% of hydrating it, in the task the visitor
 * waits on. These render the same `<a href>` and navigate with the function the layout provides.
 * Without it (the crash page, outside the layout) a link loads the page, which is what a crashed
 * app needs anyway.
 */
const Navigate = createContext<NavigateFunction | null>(null);
export const NavigateProvider = Navigate.Provider;

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { readonly to: string };

/** A press the browser would follow in this tab: not a new tab or window, not a download. */
const followsInPlace = (event: MouseEvent<HTMLAnchorElement>, { target, download }: Omit<LinkProps, "to">) =>
  event.button === 0 &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) &&
  (!target || target === "_self") &&
  download === undefined;

export function Link({ to, onClick, ...anchor }: LinkProps) {
  const navigate = useContext(Navigate);
  const { pathname, search, hash } = useLocation();
  return (
    <a
      {...anchor}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || event.defaultPrevented || !followsInPlace(event, anchor)) return;
        event.preventDefault();
        // The page already open is not added to the history again, as React Router's Link does.
        navigate(to, { replace: to === `${pathname}${search}${hash}` });
      }}
    />
  );
}

/** A `Link` marked `active` (and `aria-current="page"`) on its page, or below it unless `end`. */
export function NavLink({ to, end = false, className, ...link }: LinkProps & { readonly end?: boolean }) {
  const { pathname } = useLocation();
  const active = pathname === to || (!end && pathname.startsWith(to.endsWith("/") ? to : `${to}/`));
  return (
    <Link
      {...link}
      to={to}
      className={active ? `${className ?? ""} active`.trim() : className}
      aria-current={active ? "page" : undefined}
    />
  );
}
