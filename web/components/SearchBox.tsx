import { Icon } from './Icon';

/**
 * A list's search field with its submit button: the form works before (or without) the script,
 * as a GET of the page's own URL with `search=` and the filters' names (valid markup: a form
 * of filters has a submit control). With the script, typing searches after a pause and the
 * button searches at once.
 */
export function SearchBox({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <div className="join w-full">
      <label className="input join-item w-full" htmlFor={id}>
        <Icon name="search" className="size-4 opacity-60" />
        <span className="sr-only">{label}</span>
        <input id={id} name="search" type="search" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
      </label>
      <button type="submit" className="btn btn-primary join-item">
        Search
      </button>
    </div>
  );
}
