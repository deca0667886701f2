// The pay scales' tables (one card per pay spine), each row with its take-home figure (issue 38):
// a later() part computed on the device with her settings (web/take-home/TakeHomeParts.tsx).
import type { AwardException } from '../../core/pay-awards';
import { later } from '../lib/later';
import { EmptyState } from '../components/states';
import { formatGBP } from '../lib/format';
import { groupBySpine, LEADERSHIP_STATUTORY, type PayRow } from './allowances';

const PayRowTakeHome = later(() => import('../features/take-home/TakeHomeParts').then((m) => m.PayRowTakeHome));

export const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The statutory leadership range: its two statutory figures, and why nothing is shown between them. */
function LeadershipNote() {
  return (
    <p className="text-xs opacity-80 mt-2" data-testid="leadership-note">
      The leadership range runs from L1 to L43. Only its minimum (L1) and maximum (L43) are statutory; the points between them (L2-L42) come
      from the teaching unions' advisory tables, which we could not source, so none is shown (and none is estimated).
    </p>
  );
}

/** The award's exceptions in one region, by spine and point label (the row they mark). */
export const noteOf = (exceptions: AwardException[], region: string) => (spine: string, label: string) =>
  exceptions.find((e) => e.region === region && e.paySpine === spine && e.pointLabel === label);

export function ScalesTab({
  rows,
  sourcesOfRow,
  exceptionOf,
}: {
  rows: PayRow[];
  sourcesOfRow: (r: PayRow) => number[];
  exceptionOf: (spine: string, label: string) => AwardException | undefined;
}) {
  const groups = groupBySpine(rows);
  if (groups.length === 0) return <EmptyState icon="pound" title="No pay scales match these filters" />;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="pay-groups">
      {groups.map(([spine, list]) => {
        const notes = list.map((r) => exceptionOf(spine, r.pointLabel ?? String(r.point))).filter((e) => !!e);
        const noteId = `note-${slug(spine)}`;
        return (
          <section key={spine} className="card bg-base-100 border border-base-300" aria-labelledby={`spine-${slug(spine)}`}>
            <div className="card-body p-5">
              <h2 id={`spine-${slug(spine)}`} className="card-title text-lg">
                {spine === 'Leadership Group' ? 'Leadership Group (L1-L43)' : spine}
              </h2>
              <table className="table table-sm">
                <thead className="text-base-content">
                  <tr>
                    <th scope="col">Point</th>
                    <th scope="col" className="text-right">
                      Annual salary
                    </th>
                    <th scope="col" className="text-right w-16">
                      Source
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((r) => {
                    const label = r.pointLabel ?? String(r.point);
                    const refs = sourcesOfRow(r);
                    const marked = !!exceptionOf(spine, label);
                    return (
                      <tr key={`${r.point}-${r.pointLabel}`}>
                        <td aria-describedby={marked ? noteId : undefined}>
                          {label}
                          {marked && <span aria-hidden="true"> *</span>}
                          {spine === 'Leadership Group' && LEADERSHIP_STATUTORY[label] && (
                            <span className="opacity-70"> · {LEADERSHIP_STATUTORY[label]}</span>
                          )}
                        </td>
                        <td className="text-right tabular-nums font-medium">
                          {formatGBP(r.annualSalary)}
                          <PayRowTakeHome row={r} />
                        </td>
                        <td className="text-right text-xs opacity-80 tabular-nums" data-testid="row-sources">
                          <span className="sr-only">{refs.length === 1 ? 'Source' : 'Sources'} </span>
                          {refs.join(', ')}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              {spine === 'Leadership Group' && <LeadershipNote />}
              {notes.map((e) => (
                <p key={e.pointLabel} id={noteId} className="text-xs opacity-80 mt-2" data-testid="point-note">
                  * {e.note}
                </p>
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}
