import { Link, NavLink } from 'react-router-dom';
import { paths } from '../app/paths.ts';
import { profile } from '../content/profile.ts';

export function SiteHeader() {
  return (
    <header>
      <nav aria-label="Main">
        <Link to={paths.home}>{profile.name}</Link>
        <NavLink to={paths.project('AI_tool')}>AI tool</NavLink>
        <NavLink to={paths.resume}>Resume</NavLink>
        <NavLink to={paths.contact}>Contact</NavLink>
      </nav>
    </header>
  );
}
