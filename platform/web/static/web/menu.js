// The site's menu on a phone: the header's links and language switch fold behind one button.
// Without this script (or on a wide screen) they show in the header as they are.
document.addEventListener("DOMContentLoaded", () => {
  const header = document.querySelector("header.site");
  const toggle = header?.querySelector(".menu-toggle");
  if (!toggle) return;
  header.classList.add("menu-ready");
  const set = (open) => {
    header.classList.toggle("open", open);
    toggle.setAttribute("aria-expanded", String(open));
  };
  toggle.addEventListener("click", () => set(!header.classList.contains("open")));
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && header.classList.contains("open")) {
      set(false);
      toggle.focus();
    }
  });
  document.addEventListener("click", (event) => {
    if (header.classList.contains("open") && !header.contains(event.target)) set(false);
  });
});
