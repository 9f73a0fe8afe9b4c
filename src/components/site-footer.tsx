import { profile } from '../content/profile.ts';

export function SiteFooter() {
  return (
    <footer>
      © {new Date().getFullYear()} {profile.name}
    </footer>
  );
}
