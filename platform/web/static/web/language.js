// The header's language switch: choosing a language submits the form (the "Go" button stays for
// people without JavaScript and for keyboard users who prefer to confirm).
document.addEventListener("DOMContentLoaded", () => {
  for (const select of document.querySelectorAll("select[data-auto-submit]")) {
    select.addEventListener("change", () => select.form.requestSubmit());
  }
});
