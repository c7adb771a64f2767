import type { KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import { CLIENTS_TABLE_HEADERS, clientCells, type ClientRow } from '../../../shared/clients';
import { cn } from '../../lib/cn';
import { Switch } from '../account/switch';
import { useSetMembership } from '../account/membership-api';

/** The Membership column: a switch per client (admins), kept out of the row's own click and Enter. */
function MembershipSwitch({ row, word }: { row: ClientRow; word: string }) {
  const save = useSetMembership();
  const labelId = `membership-${row.id}`;
  const name = row.name || row.email;
  return (
    // relative: the sr-only label is positioned, and must stay inside the table's scroll box (else it widens the page on a phone).
    <span
      className="relative flex items-center gap-2"
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
    >
      <span id={labelId} className="sr-only">
        Paid membership for {name}
      </span>
      <Switch
        labelledBy={labelId}
        checked={row.isPaid}
        disabled={save.isPending}
        onCheckedChange={(isPaid) =>
          save.mutate(
            { clientId: row.id, isPaid },
            {
              onSuccess: () => toast.success(`${name}: membership ${isPaid ? 'on' : 'off'}.`),
              onError: (e) => toast.error(e.message),
            },
          )
        }
      />
      <span className="text-xs text-gray-700" aria-hidden="true">
        {word}
      </span>
    </span>
  );
}

function ProviderBadge({ provider }: { provider: ClientRow['provider'] }) {
  return (
    <span
      className={cn(
        'inline-flex rounded-full border px-2 py-0.5 text-xs font-medium',
        provider === 'email'
          ? 'border-brand-100 bg-brand-50 text-brand-800'
          : 'border-amber-200 bg-amber-50 text-amber-900',
      )}
    >
      {provider}
    </span>
  );
}

/** Row selection for "Assign to..." (admins): the chosen ids, and how a box or the header's box changes them. */
export type Selection = { ids: ReadonlySet<string>; toggle: (id: string) => void; toggleAll: (ids: string[]) => void };

/** A checkbox kept out of the row's own click and Enter. */
function SelectBox({ label, checked, onChange }: { label: string; checked: boolean; onChange: () => void }) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={onChange}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => e.stopPropagation()}
      className="size-4 accent-brand-700"
    />
  );
}

/**
 * The clients, one row each; a row opens My Account for that client (click or Enter). Admins
 * switch membership and select rows (`selection`); staff members see both as text.
 */
export function ClientsTable({ rows, selection }: { rows: ClientRow[]; selection?: Selection }) {
  const navigate = useNavigate();
  const open = (id: string) => navigate(`/account?client=${encodeURIComponent(id)}`);
  const onKey = (e: KeyboardEvent, id: string) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      open(id);
    }
  };
  return (
    <div className="max-h-[70vh] overflow-auto rounded-lg border border-gray-200 bg-white">
      <table className="w-full min-w-[820px] border-collapse text-left text-sm">
        <thead className="sticky top-0 z-10 bg-gray-50 shadow-[inset_0_-1px_0_var(--color-gray-200)]">
          <tr>
            {selection && (
              <th scope="col" className="w-10 px-4 py-3">
                <SelectBox
                  label="Select every client on this page"
                  checked={rows.length > 0 && rows.every((r) => selection.ids.has(r.id))}
                  onChange={() => selection.toggleAll(rows.map((r) => r.id))}
                />
              </th>
            )}
            {CLIENTS_TABLE_HEADERS.map((h) => (
              <th key={h} scope="col" className="px-4 py-3 font-medium text-gray-700">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {rows.map((row) => {
            // The same texts the CSV export writes.
            const [name, email, password, phone, , membership, created, assignedTo] = clientCells(row);
            return (
              <tr
                key={row.id}
                tabIndex={0}
                aria-label={`Open My Account for ${row.name || row.email}`}
                onClick={() => open(row.id)}
                onKeyDown={(e) => onKey(e, row.id)}
                className="cursor-pointer hover:bg-brand-50/60 focus-visible:bg-brand-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
              >
                {selection && (
                  <td className="px-4 py-3">
                    <SelectBox
                      label={`Select ${row.name || row.email}`}
                      checked={selection.ids.has(row.id)}
                      onChange={() => selection.toggle(row.id)}
                    />
                  </td>
                )}
                <td className="px-4 py-3 font-medium text-gray-900">{name}</td>
                <td className="px-4 py-3 text-gray-700">{email}</td>
                <td className="px-4 py-3 text-gray-700">{password}</td>
                <td className="whitespace-nowrap px-4 py-3 text-gray-700">{phone}</td>
                <td className="px-4 py-3">
                  <ProviderBadge provider={row.provider} />
                </td>
                <td className="px-4 py-3">
                  {selection ? (
                    <MembershipSwitch row={row} word={membership} />
                  ) : (
                    <span className="text-gray-700">{membership}</span>
                  )}
                </td>
                <td className="px-4 py-3 text-gray-700">
                  <time dateTime={row.createdAt}>{created}</time>
                </td>
                <td className="px-4 py-3 text-gray-700">{assignedTo}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
