"""Knowledge-base content (data, not code): tenant -> doc types with title pattern, variants, items, templates."""

from __future__ import annotations

import re
from typing import Any

# --------------------------------------------------------------------------------------------------------------
# knowledge base content: tenant -> doc types (title pattern, variants, items, sentence templates, question stems)

_RETAIL_REFUND = {
    "title": "Refund Policy {p}.pdf",
    "variants": ["v1", "v2", "v3"],
    "items": [
        "opened electronics",
        "unopened electronics",
        "furniture",
        "clothing",
        "gift cards",
        "clearance items",
        "personalized products",
        "small appliances",
        "outdoor gear",
        "books",
    ],
    "templates": [
        "Refunds for {item} are issued within {n:5-30} days of receiving the return.",
        "For {item}, a restocking fee of {pct:5-25} applies to returns after {n:15-45} days.",
        "Customers must return {item} in the original packaging to receive a full refund.",
        "Store credit for {item} is valid for {n:6-24} months from the date of issue.",
        "Returns of {item} above {money:200-900} require approval from a store manager.",
        (
            "Refunds for {item} are paid to the original payment method within {n:3-10} business days, "
            "unless the card has expired."
        ),
        "Since {date}, returns of {item} can also be started in the Acme mobile app.",
        "Final sale {item} cannot be refunded after {n:2-14} days.",
        "Return shipping for {item} costs {money:5-20}, which is deducted from the refund.",
        "Members of Acme Plus receive free return shipping on {item} for {n:30-90} days.",
    ],
    "questions": ["What is the refund policy for {item}?", "How do refunds work for {item}?", "Can I return {item}?"],
}
_RETAIL_SHIPPING = {
    "title": "Shipping Guide {p}.pdf",
    "variants": ["EU", "US", "UK", "APAC"],
    "items": ["standard parcels", "bulky items", "express orders", "marketplace orders", "pre-orders", "grocery boxes"],
    "templates": [
        "Standard delivery of {item} in the {p} region takes {n:2-7} business days.",
        "Orders of {item} over {money:35-150} ship free within the {p} region.",
        "For {item}, the carrier attempts delivery {n:2-4} times before returning the parcel to the warehouse.",
        "Express shipping for {item} costs {money:9-40} and arrives within {n:1-3} business days.",
        "Tracking numbers for {item} are emailed within {n:2-24} hours of dispatch.",
        "From {date}, {item} in the {p} region are handled by the carrier ParcelWay.",
        "Orders of {item} placed before {time} local time are dispatched on the same day.",
        "Customs duties for {item} above {money:150-800} are paid by the recipient, which can delay delivery.",
    ],
    "questions": ["How long does shipping take for {item}?", "What does shipping cost for {item}?"],
}
_RETAIL_WARRANTY = {
    "title": "Warranty Terms - {p}.pdf",
    "variants": ["Nimbus X2 Vacuum", "Aurora 55 TV", "Kettle Pro K7"],
    "items": [
        "the motor",
        "the battery",
        "the display panel",
        "the charging dock",
        "the remote control",
        "the power cable",
    ],
    "templates": [
        "The {p} warranty covers {item} for {n:12-36} months from the date of purchase.",
        "Repairs of {item} under warranty are completed within {n:5-21} days.",
        "Damage to {item} caused by drops or liquid spills is not covered by the {p} warranty.",
        "An extended plan for {item} of the {p} costs {money:29-149} and adds {n:12-24} months of coverage.",
        "To file a claim for {item}, customers need the order number and the serial number of the {p}.",
        "Since {date}, {item} of the {p} is replaced instead of repaired when parts are unavailable.",
        "Acme replaces {item} of the {p} free of charge if a defect appears within {n:30-90} days.",
    ],
    "questions": ["Is {item} of the {p} covered by the warranty?", "How do I claim warranty for {item}?"],
}
_HR_HANDBOOK = {
    "title": "Employee Handbook {p}.pdf",
    "variants": ["2025", "2026"],
    "items": ["new hires", "full-time employees", "part-time employees", "contractors", "interns", "managers"],
    "templates": [
        "The probation period for {item} lasts {n:3-6} months.",
        "During onboarding, {item} complete {n:4-12} hours of compliance training.",
        "Performance reviews for {item} take place every {n:6-12} months.",
        "The notice period for {item} is {n:2-12} weeks, unless the contract states otherwise.",
        "For {item}, the annual learning budget is {money:500-3000}.",
        "Since {date}, {item} record their working hours in the Workday portal.",
        "Overtime for {item} is compensated at {pct:110-150} of the hourly rate.",
        "Referral bonuses of {money:500-2500} are paid to {item} after the new colleague passes probation.",
    ],
    "questions": ["What does the handbook say about {item}?", "What are the rules for {item}?"],
}
_HR_LEAVE = {
    "title": "Leave Policy {p}.pdf",
    "variants": ["Germany", "United States", "India"],
    "items": ["annual leave", "sick leave", "parental leave", "bereavement leave", "study leave", "unpaid leave"],
    "templates": [
        "Employees in {p} are entitled to {n:5-30} days of {item} per calendar year.",
        "Requests for {item} must be submitted at least {n:2-30} days in advance.",
        "Unused {item} can be carried over for up to {n:3-12} months, after which it expires.",
        "A medical certificate is required for {item} longer than {n:2-5} consecutive days.",
        "From {date}, {item} in {p} is recorded in the Workday portal instead of paper forms.",
        "During {item}, employees in {p} receive {pct:60-100} of their base salary.",
        "Managers approve {item} for teams larger than {n:8-20} people only after checking coverage.",
    ],
    "questions": ["How much {item} do I get in {p}?", "How do I request {item}?"],
}
_HR_EXPENSE = {
    "title": "Travel and Expense Policy {p}.pdf",
    "variants": ["v4", "v5"],
    "items": ["hotel stays", "meals", "taxi rides", "economy flights", "train tickets", "client dinners"],
    "templates": [
        "The daily limit for {item} is {money:40-250} per person.",
        "Receipts for {item} must be uploaded within {n:7-30} days of the trip.",
        "For {item}, bookings above {money:300-1500} require approval from a director.",
        "Expense claims for {item} are reimbursed with the next payroll, which runs on the 25th.",
        "Since {date}, {item} must be booked through the TravelDesk tool.",
        "Alcohol is not reimbursed as part of {item}, except at approved client events.",
        "Corporate cards may be used for {item} up to {money:1000-5000} per month.",
    ],
    "questions": ["What is the expense limit for {item}?", "How are {item} reimbursed?"],
}
_HR_REMOTE = {
    "title": "Remote Work Policy {p}.pdf",
    "variants": ["v1", "v2"],
    "items": ["home office equipment", "internet costs", "coworking spaces", "monitors", "ergonomic chairs"],
    "templates": [
        "Employees may work remotely up to {n:2-4} days per week with their manager's agreement.",
        "Globex reimburses {item} up to {money:100-600} per year.",
        "Requests to reimburse {item} are filed in the Workday portal within {n:14-60} days of purchase.",
        "For {item}, the allowance is paid once every {n:2-4} years.",
        "Since {date}, {item} bought for remote work remain the property of Globex.",
        "Employees working abroad for more than {n:14-45} days need approval from HR, which checks tax rules.",
    ],
    "questions": ["Does Globex pay for {item}?", "What is the remote work allowance for {item}?"],
}
_DEV_MANUAL = {
    "title": "{p} User Manual.pdf",
    "variants": ["RX-200 Router", "RX-300 Mesh Router", "Nimbus T4 Thermostat", "Vega S3 Camera"],
    "items": [
        "the reset button",
        "the mobile app",
        "the firmware",
        "the Wi-Fi radio",
        "the USB port",
        "the status LED",
        "the wall mount",
    ],
    "templates": [
        "To factory reset the {p}, hold {item} for {n:5-30} seconds.",
        "Firmware version {ver} of the {p} fixes a known issue with {item}.",
        "The {p} supports {item} only when the input voltage is between {n:5-12} and {n:13-24} volts.",
        "If {item} blinks red, the {p} has lost its connection for more than {n:30-120} seconds.",
        "The {p} checks {item} for updates every {n:6-48} hours, unless automatic updates are disabled.",
        "Since {date}, {item} of the {p} can be configured from the Initech Home app.",
        "The {p} operates at temperatures from {n:0-5} to {n:35-45} degrees Celsius.",
        "Replacement parts for {item} of the {p} cost {money:9-79} in the Initech store.",
    ],
    "questions": ["How do I use {item} on the {p}?", "What does the manual say about {item}?"],
}
_DEV_QUICKSTART = {
    "title": "{p} Quick Start Guide.pdf",
    "variants": ["Orion P1 Smart Plug", "Vega S3 Camera", "Nimbus T4 Thermostat"],
    "items": ["the pairing mode", "the mobile app", "the status LED", "the power adapter", "the mounting kit"],
    "templates": [
        "Pairing the {p} with {item} takes about {n:1-5} minutes.",
        "The {p} enters {item} automatically for {n:3-10} minutes after the first power-on.",
        "Keep {item} within {n:3-15} meters of the {p} during setup.",
        "The box of the {p} contains {item} and a {n:1-2} page safety leaflet.",
        "Since {date}, setup of the {p} through {item} no longer requires an Initech account.",
        "The {p} draws at most {n:2-15} watts while {item} is active.",
    ],
    "questions": ["How do I set up the {p}?", "How long does {item} take on the {p}?"],
}
_DEV_SUPPORT = {
    "title": "Initech Support Policy {p}.pdf",
    "variants": ["2025", "2026", "Business"],
    "items": ["routers", "thermostats", "cameras", "smart plugs", "mesh systems"],
    "templates": [
        "Initech provides a {n:12-36} month limited warranty on {item}.",
        "Defective {item} are replaced within {n:3-10} business days after the diagnosis.",
        "Support tickets about {item} receive a first response within {n:4-48} hours.",
        "From {date}, {item} sold before 2022 receive only security fixes.",
        "On-site repair of {item} is available for business customers at {money:90-250} per visit.",
        "Refurbished {item} carry a warranty of {n:6-12} months, which cannot be extended.",
    ],
    "questions": ["What support do I get for {item}?", "How long is the warranty for {item}?"],
}
_SEC_POLICY = {
    "title": "Information Security Policy {p}.pdf",
    "variants": ["v3", "v4"],
    "items": [
        "production systems",
        "laptops",
        "customer data",
        "admin accounts",
        "source code repositories",
        "payment systems",
        "mobile phones",
    ],
    "templates": [
        "Access to {item} is reviewed every {n:30-180} days by the system owner.",
        "Disks of {item} are encrypted with AES-256, unless the device is covered by an approved exception.",
        "Patches for {item} rated critical are applied within {n:2-14} days of release.",
        "Since {date}, {item} must be enrolled in the MDM platform SecureFleet.",
        "Logs from {item} are retained for {n:90-400} days in the SIEM.",
        "For {item}, sessions lock automatically after {n:5-15} minutes of inactivity.",
        "Exceptions for {item} are approved by the CISO and expire after {n:3-12} months.",
    ],
    "questions": ["What are the security rules for {item}?", "How is {item} protected?"],
}
_SEC_IR = {
    "title": "Incident Response Plan {p}.pdf",
    "variants": ["2025", "2026"],
    "items": [
        "ransomware incidents",
        "phishing incidents",
        "data breaches",
        "lost laptops",
        "DDoS attacks",
        "insider threats",
    ],
    "templates": [
        "For {item}, the incident commander is appointed within {n:15-60} minutes.",
        "{Item} classified as severity {n:1-2} are escalated to the executive team immediately.",
        "Evidence from {item} is preserved for at least {n:1-7} years.",
        "Affected customers are notified of {item} within {n:24-72} hours, as required by GDPR.",
        "Since {date}, {item} are tracked in the ticketing queue SEC-IR.",
        "A post-incident review of {item} is completed within {n:5-20} business days.",
        "Tabletop exercises covering {item} are held {n:2-4} times per year.",
    ],
    "questions": ["How do we respond to {item}?", "What is the process for {item}?"],
}
_SEC_RETENTION = {
    "title": "Data Retention Schedule {p}.pdf",
    "variants": ["EU", "US", "Global"],
    "items": [
        "invoices",
        "support tickets",
        "access logs",
        "employee records",
        "marketing contacts",
        "call recordings",
    ],
    "templates": [
        "In the {p} schedule, {item} are kept for {n:1-10} years.",
        "Copies of {item} in backups are deleted within {n:30-120} days after the retention period ends.",
        "Legal hold on {item} overrides the {p} schedule until the hold is released.",
        "Since {date}, {item} older than {n:2-7} years are archived to cold storage.",
        "Deletion of {item} is verified by the data protection officer every {n:3-12} months.",
        "Requests to erase {item} are answered within {n:15-30} days.",
    ],
    "questions": ["How long do we keep {item}?", "When are {item} deleted?"],
}

TENANTS: dict[str, dict[str, Any]] = {
    "acme-retail": {
        "doc_types": [_RETAIL_REFUND, _RETAIL_SHIPPING, _RETAIL_WARRANTY],
        "shared": [
            "Acme customer service can be reached at 1-800-555-0142 from 8:00 to 20:00, Monday to Saturday.",
            "Receipts are required for every return, exchange or warranty claim.",
            "Acme Plus membership costs $49 per year.",
            "All refunds and replacements are logged in the Acme order system within 24 hours.",
        ],
    },
    "globex-hr": {
        "doc_types": [_HR_HANDBOOK, _HR_LEAVE, _HR_EXPENSE, _HR_REMOTE],
        "shared": [
            "Globex employees are paid on the 25th day of each month.",
            "Questions about this policy should be sent to hr-help@globex.example.",
            "The standard working week at Globex is 38 hours.",
            "Managers approve requests in the Workday portal within 5 business days.",
        ],
    },
    "initech-devices": {
        "doc_types": [_DEV_MANUAL, _DEV_QUICKSTART, _DEV_SUPPORT],
        "shared": [
            "Initech devices carry the CE and FCC marks.",
            "The Initech Home app requires Android 11 or iOS 15 or later.",
            "Initech technical support is available 24 hours a day at support.initech.example.",
            "All Initech devices receive security updates for at least 5 years after release.",
        ],
    },
    "umbrella-sec": {
        "doc_types": [_SEC_POLICY, _SEC_IR, _SEC_RETENTION],
        "shared": [
            "Security incidents must be reported to the SOC at soc@umbrella.example within 1 hour of discovery.",
            "This policy is reviewed by the CISO at least once every 12 months.",
            "All employees complete security awareness training every 6 months.",
            "Multi-factor authentication is mandatory for all remote access.",
        ],
    },
}

_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
_SLOT = re.compile(r"\{(\w+)(?::(\d+)-(\d+))?\}")
# a standalone number: not part of a product name, version, phone number, time or decimal
_NUMBER = re.compile(r"(?<![\w\-:.$])\$?(\d+)(?![\w\-:]|\.\d)")
