/**
 * Browser code of the admin pages (plain ES5, no framework), modelled on Magento's integration.js:
 * permissions dialog → tokensExchange → `window.open(identity + '?' + $.param(...))` 680×510, a modal
 * while the popup is open, a 500 ms poll for the popup closing or reaching success_call_back, then the
 * grid reloads. Manual mode shows the four tokens instead.
 */
export const GRID_SCRIPT = `
(function () {
  var cfg = window.DEVSTORE_ADMIN;
  var current = null;
  function $(id) { return document.getElementById(id); }
  function show(id) { $(id).classList.add('open'); }
  function hide(id) { $(id).classList.remove('open'); }
  function reloadGrid() { window.location.href = cfg.base + '/'; }
  // jQuery $.param: encodeURIComponent, %20 as +
  function param(obj) {
    return Object.keys(obj).map(function (k) {
      return encodeURIComponent(k).replace(/%20/g, '+') + '=' + encodeURIComponent(obj[k]).replace(/%20/g, '+');
    }).join('&');
  }
  function askPermissions(row, reauthorize) {
    current = { data: JSON.parse(row.getAttribute('data-integration')), reauthorize: reauthorize };
    $('permissions-title').textContent = current.data.name;
    var list = $('permissions-list');
    list.innerHTML = '';
    current.data.permissions.forEach(function (p) {
      var li = document.createElement('li');
      li.textContent = p;
      list.appendChild(li);
    });
    show('permissions-modal');
    $('permissions-allow').focus();
  }
  function invokePopup(identityUrl, consumerKey, successUrl, name) {
    var width = 680, height = 510;
    var left = screen.width / 2 - width / 2, top = screen.height / 2 - height / 2;
    var win = window.open(identityUrl + '?' + param({ oauth_consumer_key: consumerKey, success_call_back: successUrl }), '',
      'top=' + top + ', left=' + left + ', width=' + width + ', height=' + height);
    if (!win) {
      alert('Popup Blocker is enabled! Please add this site to your exception list.');
      reloadGrid();
      return;
    }
    $('popup-title').textContent = name;
    show('popup-modal');
    var timer = setInterval(function () {
      if (win.closed) { clearInterval(timer); reloadGrid(); return; }
      try {
        if (win.location.href == successUrl) { clearInterval(timer); win.close(); reloadGrid(); }
      } catch (e) { /* cross-origin while the app's pages are shown */ }
    }, 500);
  }
  document.addEventListener('click', function (e) {
    var t = e.target;
    if (t.classList.contains('js-activate')) askPermissions(t.closest('tr'), t.getAttribute('data-reauthorize') === '1');
    if (t.classList.contains('js-cancel')) hide('permissions-modal');
  });
  $('permissions-allow').addEventListener('click', function () {
    hide('permissions-modal');
    var url = cfg.base + '/tokensExchange/id/' + current.data.id + '/' + (current.reauthorize ? 'reauthorize/1/' : '');
    fetch(url, { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' } })
      .then(function (r) { return r.json(); })
      .then(function (res) {
        if (res.error) { reloadGrid(); return; }
        if (res.tokens) {
          $('t-ck').value = res.tokens.consumer_key;
          $('t-cs').value = res.tokens.consumer_secret;
          $('t-at').value = res.tokens.access_token;
          $('t-ats').value = res.tokens.access_token_secret;
          show('tokens-modal');
          return;
        }
        invokePopup(res.identity_link_url, res.oauth_consumer_key, res.success_call_back, current.data.name);
      })
      .catch(reloadGrid);
  });
  $('tokens-done').addEventListener('click', reloadGrid);
  if (cfg.autoActivate) {
    var row = document.querySelector('tr[data-id="' + cfg.autoActivate + '"]');
    if (row) askPermissions(row, false);
  }
})();
`;

export const FORM_SCRIPT = `
(function () {
  var select = document.getElementById('all_resources');
  var field = document.getElementById('resource-tree-field');
  select.addEventListener('change', function () { field.hidden = select.value === '1'; });
  document.getElementById('resource-tree').addEventListener('change', function (e) {
    var box = e.target;
    if (box.type !== 'checkbox') return;
    var li = box.closest('li');
    li.querySelectorAll('input[type=checkbox]').forEach(function (c) { c.checked = box.checked; });
    if (!box.checked) {
      var up = li.parentElement.closest('li');
      while (up) { up.querySelector('input[type=checkbox]').checked = false; up = up.parentElement.closest('li'); }
    }
  });
})();
`;
