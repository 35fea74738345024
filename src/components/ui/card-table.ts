/**
 * The class a table adds to be a list of cards below 1200px (card-table.module.css, decision 050):
 * `<table className={`${styles.table} ${cardTableClassName}`}>`, with `data-label` on the cells
 * that name their column and `data-actions` on the cell of its buttons.
 */
import styles from './card-table.module.css';

export const cardTableClassName = styles.cardTable;
