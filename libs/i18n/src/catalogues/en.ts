/**
 * English messages. This catalogue defines the key set: `Catalogue` is its type, and the Malay and
 * Chinese catalogues must satisfy it, so a key missing from (or added only to) one of them is a compile
 * error. Groups are features; keys are snake_case; placeholders use i18next's `{{name}}` syntax.
 *
 * Texts quoted by the specification (sections 5 and 8) are kept word for word, including their grammar,
 * because people and tests recognise them.
 */
export const en = {
  /** Words used across features. */
  common: {
    app_name: 'CouncilPay',
    ok: 'OK',
    close: 'Close',
    cancel: 'Cancel',
    submit: 'Submit',
    continue: 'Continue',
    back: 'Back',
    retry: 'Try again',
    loading: 'Loading…',
    email: 'E-mail',
    password: 'Password',
    show_password: 'Show password',
    hide_password: 'Hide password',
    yes: 'Yes',
    no: 'No',
  },

  /** Language names, each written in its own language (the same in every catalogue). */
  languages: {
    en: 'English',
    ms: 'Bahasa Malaysia',
    zh: '中文',
  },

  /** The app shell: top bar, menus, footer, page loading and page errors. */
  shell: {
    home: 'Home',
    language: 'Language',
    change_language: 'Change language',
    cart: 'Cart',
    cart_items: 'Cart, items: {{count}}',
    sign_up: 'Sign up',
    login: 'Login',
    my_profile: 'My profile',
    logout: 'Logout',
    open_menu: 'Open menu',
    close_menu: 'Close menu',
    main_navigation: 'Main navigation',
    skip_to_content: 'Skip to main content',
    council_logo: '{{council}} logo',
    default_logo: 'CouncilPay logo',
    footer_text: 'This portal is operated by Nexus Digital Sdn. Bhd.',
    footer_copyright: '© {{year}} {{council}}. All rights reserved.',
    footer_links: 'Information',
    browser_recommendation:
      'Best viewed with the latest version of Google Chrome, Mozilla Firefox, Microsoft Edge or Safari.',
    page_loading: 'Loading page',
    error_title: 'Something went wrong',
    error_text: 'We could not show this page. Please try again, or go back to the home page.',
    reload: 'Reload page',
  },

  /** The home page. */
  home: {
    tagline: 'Pay your council bills online, anytime and anywhere.',
    search_title: 'Search your account',
    search_text: 'Find your assessment tax, compounds, licences, rentals and other bills by account number.',
    search_button: 'Search account',
    steps_title: 'Pay in three easy steps',
    step_search_title: 'Search your account',
    step_search_text: 'Choose the payment type and enter your account, compound or licence number.',
    step_cart_title: 'Add to cart',
    step_cart_text: 'Check the amount due and add one or more bills to your cart.',
    step_pay_title: 'Pay by FPX or card',
    step_pay_text: 'Pay securely by FPX online banking or by debit or credit card. Your receipt is sent by e-mail.',
    continue_as_guest: 'Continue as guest',
    guest_text: 'No account needed: you can pay as a guest. Sign up to see your payment history and print receipts.',
  },

  /** The blocking announcement shown while the service is closed. */
  announcement: {
    title: 'Announcement',
    service_closed: 'The service is temporarily closed for maintenance. Please come back later.',
    maintenance_image: 'Illustration of the service under maintenance',
  },

  /** The notice shown when a newer version of the app is available. */
  update: {
    title: 'Update required',
    text: 'A new version of CouncilPay is available. Please update to continue using the service.',
    current_version: 'Current version: {{version}}',
    latest_version: 'Latest version: {{version}}',
    update_now: 'Update now',
    later: 'Later',
  },

  /** Login, forgot-password and registration texts. */
  auth: {
    login_title: 'Login to your account',
    email_hint: 'The e-mail address you registered with.',
    login_button: 'Login',
    forgot_password: 'Forgot password?',
    no_account: "Don't have an account?",
    register_link: 'Sign up now',
    forgot_title: 'Forgot password',
    forgot_text:
      'Enter the e-mail address of your account. We will send you a link to reset your password; the link is valid for 24 hours.',
    forgot_submit: 'Send reset link',
  },

  /** The page shown for an unknown route. */
  not_found: {
    title: 'This page could not be found',
    text: 'The page you are looking for does not exist or has been moved.',
    back_home: 'Back to home',
  },

  /** Headings and short introductions of the portal's pages. */
  pages: {
    about: {
      title: 'About',
      text: 'CouncilPay lets you pay your local council online, as a guest or with an account.',
    },
    cart: { title: 'Cart', text: 'Review the bills in your cart before you pay.' },
    checkout: { title: 'Checkout', text: 'Check your details and the amount to pay, then choose how to pay.' },
    confirmation: {
      title: 'Confirm payment',
      text: 'Confirm the payment details before you are taken to your bank or card issuer.',
    },
    faq: { title: 'Frequently asked questions', text: 'Answers to the questions people ask us most.' },
    form: { title: 'Sign up', text: 'Create a free account to see your payment history and print your receipts.' },
    fpx_checkout: { title: 'FPX online banking', text: 'Choose your bank to pay by FPX online banking.' },
    helpline: { title: 'Helpline', text: 'Contact your council if you need help with a bill or a payment.' },
    history: { title: 'Payment history', text: 'Your past payments and their status.' },
    payment_information: { title: 'Payment information', text: 'Choose your payment method.' },
    pdf: { title: 'Print licence', text: 'Print your licence once it has been paid.' },
    privacy: { title: 'Privacy policy', text: 'How we collect, use and protect your personal data.' },
    profile: { title: 'My profile', text: 'Your account details.' },
    receipt: { title: 'Receipt', text: 'The status of your payment and your receipt.' },
    refund: { title: 'Refund policy', text: 'When and how a payment can be refunded.' },
    requery: { title: 'Check payment status', text: 'Check the latest status of a payment with its reference number.' },
    reset_password: { title: 'Reset password', text: 'Choose a new password for your account.' },
    search: { title: 'Search account', text: 'Choose the payment type and enter your account number.' },
    terms: { title: 'Terms and conditions', text: 'The terms that apply when you use this portal.' },
  },

  /** Frequently asked questions: the four facts of spec section 1. */
  faq: {
    account_cost_question: 'Does it cost anything to open an account?',
    account_cost_answer: 'No. Opening an account is free of charge.',
    guest_question: 'Can I pay without an account?',
    guest_answer: 'Yes. You can search for your bills and pay as a guest, without signing up.',
    status_question: 'How will I know the status of my payment?',
    status_answer: 'The status of your payment is sent to your e-mail within 24 hours.',
    cancel_question: 'Can I cancel a payment?',
    cancel_answer:
      'A payment can be cancelled only before you confirm it. Once confirmed, it can no longer be cancelled.',
  },

  /** Payable types (libs/domain PAYABLE_TYPES). */
  payment_types: {
    assessment: 'Assessment Tax',
    compound: 'Compound',
    trading_license: 'Trading Licence',
    council_permit_license: 'Council Permit/Licence',
    tenancy: 'Tenancy',
    booking: 'Booking',
    engineering: 'Engineering Plan',
    local_government_charge: 'Local Government Charge',
    market_bill: 'Market Bill',
  },

  /** Payment states (libs/domain PAYMENT_STATES). */
  payment_states: {
    in_progress: 'In progress',
    pending: 'Pending',
    paid: 'Paid',
    failed: 'Failed',
    cancelled: 'Cancelled',
    expired: 'Expired',
    refunded: 'Refunded',
  },

  /**
   * Error and outcome messages: spec section 8 and the API's `ApiErrorBody.code` values. The key is the
   * code, so the portal translates an API error with `errors.<code>`.
   */
  errors: {
    not_found: 'Not Found!',
    payment_type_unavailable: 'This payment type is currently not available.',
    council_unavailable: 'This council is currently not available.',
    invalid_account_no: 'Invalid Account No / License No',
    email_or_password_incorrect: 'Email or password is incorrect.',
    attempt_failed_please_try_again: 'Attempt failed. Please try again.',
    email_already_exist: 'This email is already used by other account.',
    user_error_relogin: 'User error. Please relogin.',
    invalid_code: 'Invalid Code',
    license_status_not_allowed: 'This license status is not allowed to proceed. Please check with license department.',
    owner_photo_not_found: 'Unable to print due to owner photo not found. Please check with license department.',
    trading_license_not_renewable:
      'This trading license is not applicable for online renewal, please renew at the council counter.',
    reset_timeout: 'Your reset password request already timeout, please request another reset password link',
    invalid_request: 'Invalid Request',
    invalid_request_3: 'Invalid Request 3',
    email_sent: 'We have sent a link to reset your password to your e-mail.',
    sms_sent: 'A verification code has been sent to your phone by SMS.',
    failed_to_send_sms: 'Failed to send SMS',
    failed_to_send_email_verification: 'Failed to send email verification',
    update_successful: 'Update successful.',
    data_no_changes: 'No changes were saved because the data was changed elsewhere. Please reload and try again.',
    validation_failed: 'Some fields are missing or invalid.',
    internal_error: 'Something went wrong on our side. Please try again.',
    too_many_requests: 'Too many requests. Please wait a moment and try again.',
    invalid_json: 'The request could not be read. Please try again.',
    council_not_found: 'Council not found.',
    bad_request: 'The request is invalid.',
    unauthorized: 'Please log in to continue.',
    forbidden: 'You are not allowed to do this.',
    method_not_allowed: 'This action is not allowed.',
    conflict: 'This record was changed by someone else. Please reload and try again.',
    payload_too_large: 'The data sent is too large.',
    unsupported_media_type: 'This type of content is not supported.',
    service_unavailable: 'The service is temporarily unavailable. Please try again later.',
    network_error: 'Unable to reach the server. Please check your internet connection and try again.',
    unknown: 'Something went wrong. Please try again.',
  },

  /**
   * Field validation: the generic rules of spec section 5 (with `{{field}}` and the rule's parameters),
   * the API's field error codes and the domain rule codes of libs/domain (NRIC, cart, amounts).
   */
  validation: {
    required: '{{field}} is required.',
    field_required: 'This field is required.',
    email_format: 'Invalid e-mail format',
    email: '{{field}} must be a valid e-mail address.',
    min: '{{field}} must be at least {{min}} characters.',
    max: '{{field}} may not be more than {{max}} characters.',
    min_value: '{{field}} must be {{min}} or more.',
    max_value: '{{field}} must be {{max}} or less.',
    between: '{{field}} must be between {{min}} and {{max}}.',
    confirmed: '{{field}} does not match {{target}}.',
    digits: '{{field}} must be numeric and exactly {{length}} digits.',
    numeric: '{{field}} may only contain numbers.',
    alpha: '{{field}} may only contain letters.',
    alpha_dash: '{{field}} may only contain letters, numbers, dashes and underscores.',
    alpha_num: '{{field}} may only contain letters and numbers.',
    alpha_spaces: '{{field}} may only contain letters and spaces.',
    decimal: '{{field}} must be a number with at most {{decimals}} decimal places.',
    date_format: '{{field}} must be in the format {{format}}.',
    after: '{{field}} must be after {{target}}.',
    before: '{{field}} must be before {{target}}.',
    date_between: '{{field}} must be between {{min}} and {{max}}.',
    credit_card: '{{field}} is not a valid card number.',
    url: '{{field}} is not a valid URL.',
    ip: '{{field}} must be a valid IP address.',
    regex: '{{field}} format is invalid.',
    image: '{{field}} must be an image.',
    mimes: '{{field}} must be a file of type: {{types}}.',
    ext: '{{field}} must be a file with one of these extensions: {{extensions}}.',
    size: '{{field}} must be smaller than {{size}} KB.',
    dimensions: '{{field}} must be {{width}} × {{height}} pixels.',
    in: '{{field}} must be one of the allowed values.',
    not_in: '{{field}} contains a value that is not allowed.',
    string: '{{field}} must be text.',
    boolean: '{{field}} must be yes or no.',
    array: '{{field}} must be a list.',
    not_allowed: '{{field}} is not allowed.',
    invalid: '{{field}} is invalid.',
    nric_length: 'NRIC must be in 12 characters length',
    nric_dob: 'Invalid date of birth',
    cart_full: 'Your cart is full, kindly checkout for your payment.',
    already_in_cart: '{{item}} already exist in cart.',
    below_minimum_payment: 'Cannot be less than minimum payment',
    amount_not_positive: 'The amount must be more than RM 0.00.',
    exceeds_balance: 'Cannot be more than the outstanding amount',
    fpx_below_minimum: 'The minimum amount for FPX online banking is RM 1.00.',
    fpx_above_maximum: 'The maximum amount for FPX online banking is RM 30,000.00.',
  },

  /** The staff console's own labels (react-admin's built-in texts come from react-admin). */
  console: {
    title: 'CouncilPay Console',
    dashboard: 'Dashboard',
    health_title: 'System health',
    health_ok: 'All services are running.',
    health_error: 'Some services are not running.',
    health_unreachable: 'The API could not be reached.',
    service_up: 'Up',
    service_down: 'Down',
    latency: 'Response time: {{ms}} ms',
    checked_at: 'Checked at {{time}}',
    refresh: 'Refresh',
    council: 'Council',
    councils: 'Councils',
    field_code: 'Code',
    field_name_ms: 'Name (Malay)',
    field_name_en: 'Name (English)',
    field_name_zh: 'Name (Chinese)',
    field_logo: 'Logo',
    field_active: 'Active',
    field_payable_types: 'Payment types',
    field_is_default: 'Default council',
    configuration: 'Configuration',
    field_service_closed: 'Service closed',
    field_announcement_ms: 'Announcement (Malay)',
    field_announcement_en: 'Announcement (English)',
    field_announcement_zh: 'Announcement (Chinese)',
    field_app_version: 'App version',
    field_default_council: 'Default council',
    read_only_notice: 'Read only for now: editing comes with the staff API.',
  },
};

/** The shape every catalogue has: en's keys, every value a string. */
export type Catalogue = typeof en;
