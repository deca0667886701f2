/** A labelled select whose first option is 'all' (product §5: 'all' means no filter). */
export function FilterSelect({
  id,
  label,
  value,
  onChange,
  options,
  allLabel,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: readonly string[];
  allLabel: string;
}) {
  return (
    <div className="select select-sm w-full">
      <label className="label min-w-0" htmlFor={id}>
        {label}
      </label>
      <select id={id} name={id} value={value || 'all'} onChange={(e) => onChange(e.target.value)}>
        <option value="all">{allLabel}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}
