const KEY = 'pinboard.preventFacebookRegister';

/**
 * After a first-provider prevent-register answer (recovery modal 4) this
 * browser no longer offers Facebook sign-up; the sign-up view says so with its banner. Kept in
 * localStorage without expiry: the answer was about the person, not the moment.
 */
export function hasPreventFacebookRegister(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

export function setPreventFacebookRegister() {
  try {
    localStorage.setItem(KEY, '1');
  } catch {
    // Storage blocked: the server keeps refusing, and the modal says why each time.
  }
}
