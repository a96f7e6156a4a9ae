// Copy buttons: <button class="copy-button" data-copy="#input-id" data-copied="Copied">.
// The button copies the value (or text) of the element it names and says so in words, in the
// nearest [data-copy-status] or the page's #copy-status (an aria-live region) and on itself.
// A file, not an onclick attribute: the Content-Security-Policy allows no inline script.

function statusFor(button) {
  return button.parentElement?.querySelector("[data-copy-status]")
    || document.getElementById("copy-status");
}

async function copyText(text, source) {
  if (navigator.clipboard && window.isSecureContext) {
    await navigator.clipboard.writeText(text);
    return;
  }
  // Without the Clipboard API (plain http on another host): select and copy the old way.
  source.select?.();
  if (!document.execCommand("copy")) throw new Error("copy refused");
}

document.addEventListener("click", async (event) => {
  const button = event.target.closest(".copy-button");
  if (!button) return;
  const source = document.querySelector(button.dataset.copy);
  if (!source) return;
  const text = "value" in source ? source.value : source.textContent;
  const status = statusFor(button);
  try {
    await copyText(text.trim(), source);
    if (status) status.textContent = button.dataset.copied || "";
    button.classList.add("copied");
    setTimeout(() => button.classList.remove("copied"), 2500);
  } catch {
    source.select?.();
    if (status) status.textContent = button.dataset.failed || "";
  }
});
