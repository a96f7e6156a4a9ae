// The table page: a click on an invite link selects it, ready to copy.
// (A file, not an onclick attribute: the Content-Security-Policy allows no inline script.)
document.addEventListener("click", (event) => {
  const link = event.target.closest(".invite-link");
  if (link) link.select();
});
