// The footer's theme switch (web/base.html; docs/web.md, "Dark mode"): choosing Light, Dark or As
// the device applies at once and is kept in the `theme` cookie, which the server reads so the
// next page paints in the right colours from the start. Without JavaScript the form posts it.
document.addEventListener("DOMContentLoaded", () => {
  const select = document.getElementById("theme-switch");
  if (!select) return;
  const apply = (theme) => {
    if (theme === "light" || theme === "dark") document.documentElement.dataset.theme = theme;
    else delete document.documentElement.dataset.theme;
  };
  select.form.querySelector("button[type=submit]").hidden = true;
  select.addEventListener("change", () => {
    const theme = select.value;
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = `theme=${encodeURIComponent(theme)}; path=/; max-age=31536000; SameSite=Lax${secure}`;
    apply(theme);
  });
});
