// The tap-target and text-size rule (docs/decisions/1103-tap-target-rule.md), measured in the page:
// at 390x844 every visible interactive element is at least 44x44 CSS px, or at least 24x24 with no
// other target within 44 px (WCAG 2.5.8's spacing exception); links inside running text are exempt
// (WCAG's inline exception); no visible text is under 12 px. Used by e2e/tap-targets (a signed-in
// admin's screens, menus and dialogs) and the phone sweep of e2e/a11y.helpers (every visitor screen).

export interface TargetProblem {
  name: string;
  size: string;
}

/** Runs in the page: the targets that break the size rule, and text under 12 px. */
export function measureTargets(): { small: TargetProblem[]; tinyText: TargetProblem[]; count: number } {
  const hidden = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width <= 1 || r.height <= 1 || !el.checkVisibility({ visibilityProperty: true }) || !!el.closest('[inert]');
  };
  // With a modal dialog open, only its contents can be touched.
  const modal = [...document.querySelectorAll('dialog')].filter((d) => d.matches(':modal')).pop();
  const root: ParentNode = modal ?? document;
  const sel =
    'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=radio], [role=checkbox], [role=menuitem]';
  const nameOf = (el: Element): string => {
    const label = el.getAttribute('aria-label');
    if (label) return label;
    const by = el.getAttribute('aria-labelledby');
    if (by)
      return by
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent?.trim())
        .join(' ');
    const id = el.getAttribute('id');
    const lab = (id && document.querySelector(`label[for="${id}"]`)) || el.closest('label');
    if (lab && el.matches('input, select, textarea')) return lab.textContent.trim();
    return ((el as HTMLElement).innerText || el.getAttribute('title') || el.getAttribute('placeholder') || el.tagName)
      .trim()
      .replace(/\s+/g, ' ')
      .slice(0, 60);
  };
  // A link inside running text (a paragraph with more words than the link).
  const inline = (el: Element) => {
    if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
    const block = el.parentElement?.closest('p, li, dd, td, span, label');
    return !!block && (block.textContent ?? '').trim().length > (el.textContent ?? '').trim().length + 2;
  };
  // A link stretched over its card (its ::after covers the nearest positioned ancestor, as the
  // forum's and the jobs' cards do) is tapped anywhere on that card: the card is its target.
  const stretchedOver = (el: Element): Element | null => {
    const after = getComputedStyle(el, '::after');
    if (el.tagName !== 'A' || after.position !== 'absolute' || after.content === 'none') return null;
    let up = el.parentElement;
    while (up && getComputedStyle(up).position === 'static') up = up.parentElement;
    return up;
  };
  const targets: { el: Element; r: DOMRect }[] = [];
  for (const el of root.querySelectorAll(sel)) {
    const card = stretchedOver(el);
    if (card && !hidden(el)) {
      targets.push({ el, r: card.getBoundingClientRect() });
      continue;
    }
    let box: Element = el;
    // A checkbox or radio is tapped through its label; a visually hidden one counts by its label.
    if (el.matches('input[type=checkbox], input[type=radio]'))
      box = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null) ?? el;
    if (hidden(box)) continue;
    if (targets.some((t) => t.el === box)) continue;
    targets.push({ el: box, r: box.getBoundingClientRect() });
  }
  const small: TargetProblem[] = [];
  for (const t of targets) {
    const { width: w, height: h } = t.r;
    if (w >= 43.5 && h >= 43.5) continue;
    if (inline(t.el)) continue;
    const size = `${Math.round(w)}x${Math.round(h)}`;
    if (w >= 24 && h >= 24) {
      const cx = t.r.left + w / 2;
      const cy = t.r.top + h / 2;
      const crowded = targets.some((o) => {
        if (o === t || o.el.contains(t.el) || t.el.contains(o.el)) return false;
        const dx = Math.max(o.r.left - cx, 0, cx - o.r.right);
        const dy = Math.max(o.r.top - cy, 0, cy - o.r.bottom);
        return Math.hypot(dx, dy) < 22;
      });
      if (!crowded) continue;
    }
    small.push({ name: nameOf(t.el), size });
  }
  const tinyText: TargetProblem[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent!.trim();
    const parent = n.parentElement;
    if (!text || !parent || parent.closest('script, style, noscript, title, svg') || hidden(parent)) continue;
    const px = parseFloat(getComputedStyle(parent).fontSize);
    if (px < 12) tinyText.push({ name: text.slice(0, 40), size: `${px}px` });
  }
  return { small, tinyText, count: targets.length };
}

/** A measurement's failures as lines, by accessible name (none when the screen keeps the rule). */
export function targetProblems({ small, tinyText, count }: ReturnType<typeof measureTargets>): string[] {
  return [
    ...small.map((p) => `tap target "${p.name}" ${p.size}`),
    ...tinyText.map((p) => `text under 12 px "${p.name}" ${p.size}`),
    // A screen with hardly a control on it was measured before it had drawn.
    ...(count > 3 ? [] : [`only ${count} tap targets measured`]),
  ];
}
