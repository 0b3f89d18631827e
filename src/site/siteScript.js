// The reference site's small script: counts the page view (no cookie) and sends embedded forms as
// JSON to the same call a site of a group's own uses, showing errors in place. Every page reads,
// and every form posts, without it.
(() => {
  const script = document.currentScript;
  const viewPath = script?.dataset.viewPath;
  const json = (path, body) =>
    fetch(`/api/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      keepalive: true,
    });

  if (viewPath) json('analytics/collect', { path: viewPath }).catch(() => {});

  const fieldName = (key) => key.replace(/^fields\./, '');

  function setFieldErrors(form, errors) {
    for (const field of form.querySelectorAll('.site-field')) {
      const input = field.querySelector('input, select, textarea');
      if (!input) continue;
      const messages = errors[input.name] || [];
      const errorId = `${input.id}-error`;
      let note = field.querySelector('.site-field__error');
      if (messages.length) {
        if (!note) {
          note = document.createElement('p');
          note.className = 'site-field__error';
          note.id = errorId;
          const help = field.querySelector('.site-field__help');
          if (help) help.after(note);
          else field.querySelector('label')?.after(note);
        }
        note.textContent = '';
        const hidden = document.createElement('span');
        hidden.className = 'site-visually-hidden';
        hidden.textContent = 'Error: ';
        note.append(hidden, messages.join(' '));
        input.setAttribute('aria-invalid', 'true');
        field.classList.add('site-field--invalid');
      } else {
        note?.remove();
        input.removeAttribute('aria-invalid');
        field.classList.remove('site-field--invalid');
      }
      const described = (input.getAttribute('aria-describedby') || '')
        .split(' ')
        .filter((id) => id && id !== errorId);
      if (messages.length) described.push(errorId);
      if (described.length) input.setAttribute('aria-describedby', described.join(' '));
      else input.removeAttribute('aria-describedby');
    }
  }

  function showSummary(form, errors) {
    const summary = form.querySelector('.site-error-summary');
    if (!summary) return;
    const list = summary.querySelector('ul');
    list.textContent = '';
    for (const [name, messages] of Object.entries(errors)) {
      const input = form.elements.namedItem(name);
      for (const message of messages) {
        const item = document.createElement('li');
        if (input?.id) {
          const link = document.createElement('a');
          link.href = `#${input.id}`;
          // Named as the page names the field (the label's own text, without "(optional)").
          const label = form.querySelector(`label[for="${CSS.escape(input.id)}"]`)?.firstChild?.textContent;
          link.textContent = label ? `${label}: ${message}` : message;
          item.append(link);
        } else item.textContent = message;
        list.append(item);
      }
    }
    summary.hidden = false;
    summary.focus();
  }

  function showThankYou(form, handle) {
    const template = document.querySelector(`template[data-site-thank-you-for="${CSS.escape(handle)}"]`);
    if (!template) return;
    const thanks = template.content.cloneNode(true);
    const heading = thanks.querySelector('h3');
    form.closest('.site-embedded-form')?.querySelector('.site-prose')?.remove();
    form.replaceWith(thanks);
    heading?.focus();
  }

  for (const form of document.querySelectorAll('form[data-site-form]')) {
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const handle = form.dataset.siteForm;
      const fields = {};
      for (const [name, value] of new FormData(form)) if (name !== '_form') fields[name] = String(value);
      const button = form.querySelector('button[type="submit"]');
      if (button) button.disabled = true;
      let answer;
      try {
        answer = await json('responses/submit', { handle, fields });
      } catch {
        // No network answer: let the browser post the form the ordinary way.
        form.submit();
        return;
      } finally {
        if (button) button.disabled = false;
      }
      if (answer.ok) {
        showThankYou(form, handle);
        return;
      }
      const body = await answer.json().catch(() => ({}));
      const errors = {};
      for (const [key, messages] of Object.entries(body.errors || {})) errors[fieldName(key)] = messages;
      setFieldErrors(form, errors);
      if (!Object.keys(errors).length) errors._ = [body.message || 'Sorry, the enquiry could not be sent.'];
      showSummary(form, errors);
    });
  }
})();
