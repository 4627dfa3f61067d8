/** Names of the pager's arrow buttons, which show only an icon. */
export const paginationControlLabels = (control: 'first' | 'previous' | 'last' | 'next') => ({
  'aria-label':
    control === 'next'
      ? 'Page suivante'
      : control === 'previous'
        ? 'Page précédente'
        : control === 'first'
          ? 'Première page'
          : 'Dernière page',
});
