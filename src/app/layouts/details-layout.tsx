/**
 * Details layout: the header without the category nav, for a class and the steps of signing up
 * and paying, where a parent should stay on task.
 */
import { SiteShell } from './default-layout.tsx';
import styles from './layouts.module.css';

export function DetailsLayout() {
  return <SiteShell mainClassName={styles.details} />;
}
