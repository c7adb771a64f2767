import { useRef } from 'react';
import { NavLink } from 'react-router';
import { ChevronDown } from 'lucide-react';
import { cn } from '../../lib/cn';
import type { NavItem } from '../nav';
import { useAuth } from '../auth-context';
import { SupportUnreadBadge } from '../../features/support/unread-badge';
import { AttentionBadge } from '../../features/attention/attention-badge';
import { NavIcon } from './nav-icons';
import type { NavGroups } from './use-nav-groups';

// A little tighter on a desktop, where a pointer is precise, so an admin's whole sidebar fits a
// 1366x900 screen; the phone's drawer keeps the larger touch targets.
const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex w-full items-center gap-2.5 rounded-md px-3 py-1.5 text-sm font-medium transition-colors lg:py-[3px]',
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-1',
    isActive ? 'bg-brand-800 text-white shadow-sm' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900',
  );

function ItemBadges({ item }: { item: NavItem }) {
  const { isAdmin } = useAuth();
  return (
    <>
      {isAdmin && item.path === '/support' && <SupportUnreadBadge />}
      {isAdmin && item.path === '/attention' && <AttentionBadge />}
      {/* The separator keeps screen readers from running the label and the badge together. */}
      {(item.live || item.comingSoon) && <span className="sr-only">, </span>}
      {item.live && (
        // Only the dot pulses: a fading badge would fade its text below 4.5:1 contrast.
        <span className="ml-auto inline-flex items-center gap-1 rounded-full bg-green-700 px-2 py-0.5 text-[10px] font-semibold tracking-wide text-white">
          <span aria-hidden className="size-1.5 rounded-full bg-white animate-live-pulse" />
          LIVE
        </span>
      )}
      {item.comingSoon && (
        <span className="ml-auto rounded-full border border-gray-300 bg-gray-50 px-2 py-0.5 text-[10px] font-medium text-gray-600">
          Coming soon
        </span>
      )}
    </>
  );
}

function ItemLink({ item }: { item: NavItem }) {
  return (
    // `end` keeps '/' from matching every page.
    <NavLink to={item.path} end className={itemClass}>
      <NavIcon path={item.path} className="size-4 shrink-0" />
      <span className="min-w-0 truncate">{item.label}</span>
      <ItemBadges item={item} />
    </NavLink>
  );
}

/** A primary item whose click both opens its page and shows or hides its sub-items. */
function GroupItem({ item, subItems, groups }: { item: NavItem; subItems: NavItem[]; groups: NavGroups }) {
  const expanded = groups.isOpen(item.path);
  const listId = `nav-group-${item.path.slice(1)}`;
  const listRef = useRef<HTMLUListElement>(null);
  const onClick = () => {
    groups.toggle(item.path);
    // The sidebar scrolls; bring newly shown sub-items into view once they are rendered.
    if (!expanded) requestAnimationFrame(() => listRef.current?.scrollIntoView({ block: 'nearest' }));
  };
  return (
    <li>
      <NavLink
        to={item.path}
        end
        className={itemClass}
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={onClick}
      >
        {({ isActive }) => {
          return (
            <>
              <NavIcon path={item.path} className="size-4 shrink-0" />
              <span className="min-w-0 truncate">{item.label}</span>
              <ChevronDown
                aria-hidden
                className={cn(
                  'ml-auto size-4 shrink-0 transition-transform',
                  expanded && 'rotate-180',
                  isActive ? 'text-white' : 'text-gray-500',
                )}
              />
            </>
          );
        }}
      </NavLink>
      <ul
        ref={listRef}
        id={listId}
        hidden={!expanded}
        className="mt-0.5 ml-5 space-y-0.5 border-l border-gray-200 pl-2"
      >
        {subItems.map((sub) => (
          <li key={sub.path}>
            <ItemLink item={sub} />
          </li>
        ))}
      </ul>
    </li>
  );
}

export function SidebarSection({ title, items, groups }: { title: string; items: NavItem[]; groups: NavGroups }) {
  const headingId = `nav-section-${title.toLowerCase().replace(/\s+/g, '-')}`;
  const topLevel = items.filter((item) => !item.parent);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="px-3 pb-1 text-[11px] font-semibold tracking-wider text-gray-500">
        {title}
      </h2>
      <ul className="space-y-0.5">
        {topLevel.map((item) => {
          const subItems = items.filter((sub) => sub.parent === item.path);
          if (subItems.length > 0) return <GroupItem key={item.path} item={item} subItems={subItems} groups={groups} />;
          return (
            <li key={item.path}>
              <ItemLink item={item} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
