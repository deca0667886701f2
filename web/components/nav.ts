import type { IconName } from './Icon';

export const NAV_LINKS: { to: string; label: string; icon: IconName }[] = [
  { to: '/', label: 'Home', icon: 'home' },
  { to: '/jobs', label: 'Jobs', icon: 'briefcase' },
  { to: '/schools', label: 'Schools', icon: 'school' },
  { to: '/compare', label: 'Compare', icon: 'compare' },
  { to: '/salaries', label: 'Salaries', icon: 'pound' },
  { to: '/pay-scales', label: 'Pay Scales', icon: 'chart' },
  { to: '/forum', label: 'Forum', icon: 'chat' },
];
