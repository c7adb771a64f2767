import { Button } from '../../components/ui/button';
import { FormField, selectClass } from '../../components/ui/form-field';
import { taskPriorities, taskStates, type TaskPriority, type TaskStatus } from '../../../shared/compliance-rules';
import type { TaskFilters as Filters } from '../../../shared/compliance';

const FILTER_PARAMS = ['status', 'priority', 'overdue'] as const;

const oneOf = <T extends string>(values: readonly T[], v: string | null): T | undefined =>
  (values as readonly (string | null)[]).includes(v) ? (v as T) : undefined;

/** The list's filters from the address (?status=, ?priority=, ?overdue=true); anything else means no filter. */
export function filtersFrom(params: URLSearchParams): Filters {
  const f: Filters = {};
  const status = oneOf<TaskStatus>(taskStates, params.get('status'));
  const priority = oneOf<TaskPriority>(taskPriorities, params.get('priority'));
  if (status) f.status = status;
  if (priority) f.priority = priority;
  if (params.get('overdue') === 'true') f.overdue = 'true';
  return f;
}

/** The address with these filters (other parameters kept). */
export function withFilters(prev: URLSearchParams, f: Filters) {
  const next = new URLSearchParams(prev);
  for (const k of FILTER_PARAMS) {
    const v = f[k];
    if (v) next.set(k, v);
    else next.delete(k);
  }
  return next;
}

export const hasFilters = (f: Filters) => FILTER_PARAMS.some((k) => f[k] !== undefined);

/** Status, priority and overdue filters, applied on the server; two columns on a phone, one row on a wide screen. */
export function TaskFilters({
  value,
  onChange,
  matching,
}: {
  value: Filters;
  onChange: (f: Filters) => void;
  matching?: number;
}) {
  const active = hasFilters(value);
  return (
    <div role="group" aria-label="Filter tasks" className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
      <FormField id="task-filter-status" label="Status" className="sm:w-52">
        <select
          id="task-filter-status"
          className={selectClass}
          value={value.status ?? ''}
          onChange={(e) => onChange({ ...value, status: oneOf(taskStates, e.target.value) })}
        >
          <option value="">All statuses</option>
          {taskStates.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id="task-filter-priority" label="Priority" className="sm:w-44">
        <select
          id="task-filter-priority"
          className={selectClass}
          value={value.priority ?? ''}
          onChange={(e) => onChange({ ...value, priority: oneOf(taskPriorities, e.target.value) })}
        >
          <option value="">All priorities</option>
          {taskPriorities.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </FormField>
      <div className="col-span-2 flex min-h-10 flex-wrap items-center gap-x-4 gap-y-2">
        <label className="flex items-center gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={value.overdue === 'true'}
            onChange={(e) => onChange({ ...value, overdue: e.target.checked ? 'true' : undefined })}
          />
          Overdue only
        </label>
        {active && (
          <Button size="sm" variant="outline" onClick={() => onChange({})}>
            Clear filters
          </Button>
        )}
        {active && matching !== undefined && (
          <span className="text-sm text-gray-600" role="status">
            {matching.toLocaleString('en-US')} matching
          </span>
        )}
      </div>
    </div>
  );
}
