import { consoleEn } from './console/en';

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
    save: 'Save',
    print: 'Print',
    total: 'Total',
    amount: 'Amount',
    council: 'Council',
    payment_type: 'Payment type',
    account_no: 'Account no.',
    name: 'Name',
    full_name: 'Full name',
    phone: 'Phone number',
    date: 'Date',
    status: 'Status',
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
    verify_email: { title: 'Confirm e-mail', text: 'Confirming the e-mail address of your account.' },
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
    payment_pending:
      'An earlier payment for these bills is still waiting for the bank. Pay again only if you are sure it did not go through.',
    already_paid: 'An earlier payment for these bills went through. Nothing more was charged.',
    nothing_to_pay: 'There is nothing to pay for these items.',
    service_closed: 'The payment service is closed for maintenance. Please try again later.',
    balance_changed: 'The amount due has changed. Please search the account again.',
    invalid_bank: 'Please choose a bank from the list.',
    duplicate_item: 'The same bill is in the cart twice.',
    idempotency_key_reused: 'This payment was already submitted. Please start the payment again.',
    cancel_not_allowed: 'A payment can be cancelled only before confirmation.',
    csrf_failed: 'Your session could not be confirmed. Please reload the page and try again.',
    invalid_gateway_message: 'The message from the bank could not be verified.',
    invalid_range: 'The requested range of rows is not valid.',
    invalid_sort: 'The list cannot be sorted by that field.',
    refund_not_allowed: 'Only a paid payment can be refunded.',
    invalid_idempotency_key: 'The payment could not be submitted. Please try again.',
    email_verified: 'Your e-mail address has been confirmed.',
    email_verification_sent: 'We have sent a confirmation link to your e-mail.',
    request_too_complex: 'The data sent is nested too deeply or holds too many values.',
    card_above_maximum: 'This amount is more than a card payment may be. Please pay by online banking or in parts.',
    amount_too_large: 'This charge is more than one payment can hold. Please pay it in parts.',
    nric_already_registered: 'This NRIC already has an account. Please log in or reset your password.',
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
    invalid_characters: '{{field}} contains characters that are not allowed.',
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

  /** The account search (spec section 2): form, results and adding to the cart. */
  search: {
    form_label: 'Search for a bill',
    council: 'Council',
    payment_type: 'Payment type',
    plan_type: 'Plan type',
    account_no: 'Account no.',
    license_no: 'Licence no.',
    example: 'Example: {{example}}',
    search_button: 'Search',
    results_title: 'Search result',
    amount_to_pay: 'Amount to pay',
    add_to_cart: 'Add to cart',
    in_cart: 'Added to cart',
    go_to_cart: 'Go to cart',
    added_to_cart: '{{item}} has been added to your cart.',
    dependents: 'Items renewed with this licence ({{count}})',
    minimum_payment_note: 'You may pay part of the amount due, at least {{amount}}. Change the amount in your cart.',
    nothing_to_pay: 'Nothing to pay: this item will be skipped at payment.',
  },

  /** The local government charge form (spec section 3). */
  charge: {
    form_title: 'Local government charge details',
    people_whole_number: 'Enter the number of people as a whole number, at least 1.',
    end_before_start: 'The end date cannot be before the start date.',
    amount_rule: 'Amount = number of people × number of days × {{rate}}.',
  },

  /** The cart. */
  cart: {
    empty: 'Your cart is empty.',
    count: '{{count}} of {{capacity}} items in your cart.',
    items_to_pay: 'Items to pay: {{count}}',
    remove: 'Remove',
    remove_item: 'Remove {{item}} from the cart',
    remove_with_dependents: 'Remove, together with the items renewed with it',
    selection: 'Payment option',
    selection_1: 'Pay until the 4th instalment of {{year}}',
    selection_2: 'Pay arrears until the 4th instalment of {{year}}',
    selection_3: 'Full payment for {{year}}',
    selection_4: 'Part payment for {{year}} (1/100 of full payment)',
    amount_to_pay: 'Amount to pay',
    amount_format: 'Enter an amount in ringgit, e.g. 150.00',
    part_payment_hint: 'At least {{minimum}}, at most {{balance}}.',
    skipped: 'Skipped',
    skipped_note: 'Nothing to pay for this item: it will be skipped at payment.',
    continue_searching: 'Add another bill',
    checkout: 'Checkout',
  },

  /** Checkout: payer details, payment method, bank, confirmation. */
  checkout: {
    steps: 'Checkout steps',
    step_details: 'Your details',
    step_method: 'Payment method',
    step_confirm: 'Confirm',
    summary: 'Bills to pay',
    edit_cart: 'Change the cart',
    payer_title: 'Payer details',
    guest_notice: 'You are paying as a guest. Log in to keep this payment in your payment history.',
    signed_in_as: 'Logged in as {{email}}.',
    email_hint: 'Your receipt and the payment status are sent to this e-mail.',
    phone_hint: 'For example 012 345 6789.',
    phone_format: 'Enter a phone number of 9 to 15 digits.',
    method_label: 'How would you like to pay?',
    method_fpx: 'FPX online banking',
    method_card: 'Credit or debit card',
    card_only: 'Card type',
    card_note: 'Only Visa and Mastercard cards are accepted.',
    card_visa: 'Visa',
    card_mastercard: 'Mastercard',
    bank: 'Bank',
    choose_bank: 'Choose your bank',
    bank_hint: 'Banks marked offline cannot be used at the moment.',
    bank_offline: '{{bank}} (offline)',
    fpx_terms:
      "By continuing you agree to FPX's terms and conditions. You will be taken to your bank's page to log in and approve the payment.",
    fpx_with_bank: 'FPX online banking ({{bank}})',
    redirect_notice:
      'When you press Pay now you are taken to your bank or the card page. Do not close the window until you are back here.',
    pay_now: 'Pay now {{amount}}',
    cancel_payment: 'Cancel payment',
    pending_title: 'An earlier payment is still waiting',
    already_paid_title: 'Already paid',
    earlier_payments: 'Earlier payment: {{references}}',
    check_earlier: 'Check earlier payment',
    pay_again: 'Pay again',
    view_receipt: 'View receipt',
  },

  /** The receipt and payment status page (where the gateways return the payer). */
  receipt: {
    status_in_progress: 'Waiting for your bank',
    status_pending: 'Payment pending at the bank',
    status_paid: 'Payment successful',
    status_failed: 'Payment failed',
    status_cancelled: 'Payment cancelled',
    status_expired: 'Payment expired',
    status_refunded: 'Payment refunded',
    reason: 'Reason: {{reason}}',
    waiting_text:
      'This page updates by itself as soon as the bank answers. You may also leave it: the status is sent to your e-mail.',
    items: 'Bills paid',
    back_to_cart: 'Back to cart',
    cancelled: 'The payment was cancelled.',
    no_reference:
      'No payment reference was given. Check a payment with its reference number on the payment status page.',
    not_found: 'No payment has this reference number.',
  },

  /** Checking a payment by its reference. */
  requery: {
    reference_hint: 'The reference number starts with CP, e.g. CPAB12CD34EF56GH78JK90.',
    check_button: 'Check',
    ask_bank: 'Ask the bank again',
    checked: 'The bank was asked for the latest status.',
  },

  /** Payment history. */
  history: {
    empty: 'You have no payments yet.',
    rows_per_page: 'Rows per page',
    displayed_rows: '{{from}}-{{to}} of {{count}}',
  },

  /** Registration, profile and password reset. */
  account: {
    sign_in_required: 'Please log in to see this page.',
    email_hint: 'Your e-mail address is your login ID.',
    nric: 'NRIC no.',
    nric_hint: '12 digits, e.g. 900101-12-5555.',
    nric_keep: 'Current: {{nric}}. Leave empty to keep it.',
    phone_hint: 'The verification code is sent to this number by SMS.',
    confirm_password: 'Confirm password',
    new_password: 'New password',
    password_min: 'The password must have at least {{min}} characters.',
    password_mismatch: 'The passwords do not match.',
    have_account: 'Already have an account? Log in',
    register_button: 'Sign up',
    verify_title: 'Enter the verification code',
    verify_text: 'We have sent a 6-digit code by SMS to {{phone}}.',
    code: 'Verification code',
    code_hint: 'The 6 digits from the SMS.',
    resend_code: 'Send a new code',
    verify_button: 'Verify and create account',
    registered: 'Your account has been created. You are now logged in.',
    email_fixed: 'Your login ID cannot be changed.',
    reset_button: 'Change password',
    resend_verification: 'Send the link again',
    email_not_verified:
      'Your e-mail address is not confirmed yet. Confirm it to see the payments you made as a guest in your history.',
    reset_for: 'Choose a new password for {{email}}.',
  },

  /** Labels of the display fields of bills, payments and receipts (spec section 3). */
  fields: {
    plan_type: 'Plan type',
    name: 'Name',
    id_no: 'Identity no.',
    address: 'Address',
    house_no: 'House no.',
    current_title: 'Land title',
    asum_year: 'Assessment year',
    current_year: 'Current year (4 instalments)',
    arrears: 'Arrears',
    discount: 'Discount',
    special_discount: 'Special discount',
    gst_amount: 'GST',
    landcess_effect: 'Effective date',
    compound_type: 'Compound type',
    company_name: 'Company name',
    vehicle_no: 'Vehicle no.',
    offender_name: 'Offender name',
    offence: 'Offence',
    offence_date: 'Offence date',
    nature_of_business: 'Nature of business',
    premise: 'Premises',
    subhead: 'Sub-item',
    arrears_only: 'Arrears only',
    location: 'Location',
    stall_no: 'Stall no.',
    land_no: 'Land no.',
    plan_title: 'Application',
    bill: 'Bill no.',
    plan_date: 'Plan date',
    reference_no: 'Reference no.',
    monthly_rent: 'Monthly rent',
    arrears_months: 'Months in arrears',
    facility: 'Facility',
    booking_date: 'Booking date',
    session: 'Session',
    description: 'Description',
    rate_per_person_per_day: 'Rate per person per day',
    market: 'Market',
    period: 'Period',
    license_no: 'Licence no.',
    statusl: 'Licence status',
    m_kod_type: 'Licence category',
    licence_kind: 'Licence kind',
    renewal_period: 'Renewal period',
    paid_until: 'Valid until',
    balance: 'Amount due',
    minimum_payment: 'Minimum payment',
    customer_name: 'Customer name',
    total_no_of_people: 'Number of people',
    start_date: 'Start date',
    end_date: 'End date',
    total_no_of_days: 'Number of days',
    payer_name: 'Payer',
    payer_email: 'E-mail',
    payer_phone: 'Phone number',
    payment_method: 'Payment method',
    reference: 'Reference no.',
    invoice_no: 'Invoice no.',
    payment_date: 'Date',
    payment_status: 'Status',
    amount_paid: 'Amount',
    receipt_no: 'Receipt no.',
  },

  /** Compound types (libs/domain COMPOUND_TYPES). */
  compound_types: {
    individual: 'Individual',
    health_individual: 'Health (individual)',
    trading: 'Trading',
    health_trading: 'Health (trading)',
    citycontrol: 'City control',
    vehicle: 'Vehicle',
  },

  /** Engineering plan types (libs/domain PLAN_TYPES). */
  plan_types: {
    rezoning: 'Rezoning',
    development: 'Development',
    building: 'Building',
    private_building: 'Private building',
    land: 'Land',
    renovation: 'Renovation',
    engineering: 'Engineering',
  },

  /** Licence kinds (libs/domain LICENCE_KINDS). */
  licence_kinds: {
    operasi: 'Operating',
    pasar: 'Market',
    penjaja: 'Hawker',
    kakilima: 'Five-foot way',
    iklan: 'Advertisement',
    niaga: 'Trading',
  },

  licence_states: {
    active: 'Active',
    approved: 'Approved',
    expired: 'Expired',
  },

  licence_categories: {
    general: 'General',
    niaga: 'Trading',
  },

  licence_periods: {
    years: '{{count}} year(s)',
    months: '{{count}} month(s)',
  },

  /** The information pages: about, terms, privacy, refund policy, helpline. */
  info: {
    about_what_title: 'What is CouncilPay?',
    about_what_text:
      'CouncilPay is the online payment portal of the local councils of Sabah. You can pay assessment tax, compounds, licences, permits, rentals, bookings, engineering plan fees, local government charges and market bills, at any time.',
    about_how_title: 'How to pay',
    about_how_text:
      'Search your account by council and payment type, add the bills to your cart and pay by FPX online banking or by Visa or Mastercard. Your receipt is shown at once and sent to your e-mail.',
    about_contact_title: 'Contact us',
    about_contact_text:
      'For questions about a bill, contact the council that issued it. For questions about the portal or a payment, contact our helpline.',
    terms_use_title: 'Use of the portal',
    terms_use_text:
      'The portal may be used to pay bills issued by the participating councils. You must give true and complete details, and you are responsible for the accounts and amounts you pay.',
    terms_payment_title: 'Payments',
    terms_payment_text:
      'Payments are made through FPX or the card gateway. A payment is complete only when the bank or card issuer approves it; the receipt number is issued then. Amounts are in Malaysian ringgit.',
    terms_records_title: "Councils' records",
    terms_records_text:
      "Amounts due come from the councils' records at the time of the search. A council may take a few working days to update its records after a payment.",
    terms_liability_title: 'Liability',
    terms_liability_text:
      'We are not liable for delays caused by banks, card issuers or network failures. Keep your receipt until the council has updated its records.',
    privacy_collect_title: 'What we collect',
    privacy_collect_text:
      'Your name, e-mail address and phone number, the accounts you search and pay, and, if you register, your NRIC number and password (stored only as a secure hash).',
    privacy_use_title: 'How we use it',
    privacy_use_text:
      'To process payments, send receipts and payment status, show your payment history and answer your questions. We do not sell your data.',
    privacy_share_title: 'Who sees it',
    privacy_share_text:
      'The council you pay, the payment gateways and your bank, as far as each needs it. Names and identity numbers shown in search results are masked.',
    privacy_rights_title: 'Your rights',
    privacy_rights_text:
      'You may see and correct your details in your profile, or ask our helpline to delete your account, in line with the Personal Data Protection Act 2010.',
    refund_when_title: 'When a refund is made',
    refund_when_text:
      'When you were charged twice for the same bill, or charged for a payment that failed, the amount is refunded to the account or card it came from.',
    refund_how_title: 'How to ask for a refund',
    refund_how_text:
      'Contact our helpline with the payment reference number and your receipt. Refunds are processed within 14 working days after they are approved.',
    refund_not_title: 'When no refund is made',
    refund_not_text:
      'A payment that the council has already credited to your account is not refunded online; contact the council directly.',
    helpline_intro:
      'Our helpline answers questions about the portal, payments and receipts. For questions about a bill itself, please contact the council that issued it.',
    helpline_phone: 'Phone',
    helpline_email: 'E-mail',
    helpline_hours: 'Opening hours',
    helpline_hours_text: 'Monday to Friday, 8.00 am to 5.00 pm (except public holidays)',
    helpline_check_status:
      'Already paid and not sure of the outcome? Check your payment status with its reference number.',
  },

  /** The staff console's own labels (react-admin's built-in texts come from react-admin). */
  console: consoleEn,

  /** Receipt and digital licence documents (PDF), their verification and the licence print screen. */
  documents: {
    receipt_title: 'Official receipt',
    payer: 'Payer',
    reference: 'Payment reference',
    invoice_no: 'Invoice no.',
    date_time: 'Date and time',
    method: 'Payment method',
    bank: 'Bank',
    status: 'Status',
    council: 'Council',
    type: 'Type',
    account_no: 'Account / licence no.',
    receipt_no: 'Receipt no.',
    amount: 'Amount',
    total: 'Total',
    verify_hint: 'Scan the code to check that this document is authentic.',
    computer_generated: 'This is a computer-generated document. No signature is required.',
    download_receipt: 'Download receipt (PDF)',
    receipt_not_ready: 'A receipt is available only after the payment is successful.',
    licence_title: 'Digital licence',
    licence_no: 'Licence no.',
    licence_ref: 'Licence reference',
    licence_kind: 'Licence kind',
    owner: 'Licence holder',
    paid_at: 'Paid on',
    paid_until: 'Valid until',
    officer: 'Licensing officer',
    template: 'Template',
    verify_title: 'Check a document',
    verify_text:
      'Scan the code on a receipt or digital licence, or paste its code here, to check it was issued by the council.',
    verify_token: 'Document code',
    verify_button: 'Check',
    verify_authentic: 'Authentic: this document was issued by the council. Compare these facts with the paper.',
    verify_altered: 'Altered: this code was not issued by the council or has been changed. Do not accept the document.',
    verify_unknown: 'Unknown: no document matches this code.',
    verify_status: 'Current status',
    licences_title: 'My digital licences',
    licences_empty: 'You have no paid trading licence yet.',
    licences_notice_1:
      'The licence must be displayed at the premises or carried while trading, and shown to council officers when asked.',
    licences_notice_2: 'The licence holder must comply with every condition of the licence and the council by-laws.',
    licences_notice_3:
      'The digital licence is valid only for the period paid and only for the holder whose photo it shows.',
    print: 'Print',
    not_paid: 'This licence has no successful payment yet.',
  },
};

/** The shape every catalogue has: en's keys, every value a string. */
export type Catalogue = typeof en;
