// The visitor's chosen theme, applied before the first paint: a blocking script in the head of
// every page (the Content-Security-Policy allows no inline script). Without a choice the page
// follows the system. Kept in step with src/components/theme/theme-choice.ts by its tests.
(function applyChosenTheme() {
  try {
    const choice = localStorage.getItem('theme');
    if (choice === 'light' || choice === 'dark') document.documentElement.dataset.theme = choice;
  } catch {
    // Storage refused (privacy settings): the system's theme.
  }
})();
