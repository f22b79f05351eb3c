import classes from './stacked-table.module.css';

/**
 * The class of a table shown as cards on a phone; give each cell `data-label` with its column's name (none
 * for a cell of buttons). Put the table in a Table.ScrollContainer: wide screens scroll, phones stack.
 */
export const stackedTable = classes.stacked;
