import BillfoldCore
import BillfoldImport
import Foundation

/// What a client (`POST /api/v1/imports?…`) or the import form says about a file, read from
/// named values; the same names in both places.
struct BankImportQuery: Sendable {
    var options = BankFileOptions()
    var account: String?
    var skipUnreadable = false
    var keepBankText = false
    var dryRun = false
    var profile: String?
    var saveProfile: String?
    var fileName: String?

    /// The names: format, account, currency, dryRun, skipUnreadable, keepBankText, fileName, profile, saveProfile,
    /// and for CSV date, payee, payer, amount, direction, debit, credit, notes, category, currencyColumn,
    /// id, status, fee (a header's name or a 1-based number), dateFormat, decimal, delimiter, encoding, skipLines,
    /// invertAmounts; or the whole mapping as JSON in `mapping`.
    init(_ values: [String: String]) throws(BillfoldError) {
        // Query values skip the body's guard (`TextInputGuard`); the same rule, naming the value.
        for (name, text) in values.sorted(by: { $0.key < $1.key }) {
            try TextRules.check(text, field: TextRules.hasForbiddenControl(name) ? "query" : name)
        }
        func value(_ name: String) -> String? {
            values[name].map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        func flag(_ name: String) throws(BillfoldError) -> Bool { try QueryFlag.read(value(name), name: name) }
        if let format = value("format"), format != "auto" {
            guard let known = BankFormat(rawValue: format.lowercased() == "qfx" ? "ofx" : format.lowercased()) else {
                throw BillfoldError.validation("format", Phrase("error.service.imports.unknownFormat"))
            }
            options.format = known
        }
        if let code = value("currency") { options.currency = try Currency(code: code.uppercased()) }
        account = value("account")
        skipUnreadable = try flag("skipUnreadable")
        keepBankText = try flag("keepBankText")
        dryRun = try flag("dryRun")
        profile = value("profile")
        saveProfile = value("saveProfile")
        fileName = value("fileName")
        var mapping = CSVMapping()
        if let json = value("mapping") {
            do {
                mapping = try JSONDecoder().decode(CSVMapping.self, from: Data(json.utf8))
            } catch {
                throw BillfoldError.validation("mapping", Phrase("error.service.imports.mappingNotJSON"))
            }
        }
        for (name, path) in CSVMapping.columnFields {
            if let text = value(name) { mapping[keyPath: path] = CSVColumn(text) }
        }
        func given(_ column: CSVColumn?) -> Bool { column != nil && column != .absent }
        if given(mapping.amount) && (given(mapping.debit) || given(mapping.credit)) {
            throw BillfoldError.validation("amount", Phrase("error.service.imports.amountOrDebitCredit"))
        }
        if let text = value("dateFormat") { mapping.dateOrder = try DateOrder(parsing: text) }
        if let text = value("decimal") {
            guard let decimal = DecimalSeparator(rawValue: text) else {
                throw BillfoldError.validation("decimal", Phrase("error.service.imports.decimalMark"))
            }
            mapping.decimal = decimal
        }
        if let text = values["delimiter"], !text.isEmpty {
            let delimiter = ["tab": "\t", "\\t": "\t"][text.lowercased()] ?? text
            guard delimiter.count == 1 else {
                throw BillfoldError.validation("delimiter", Phrase("error.service.imports.delimiter"))
            }
            mapping.delimiter = delimiter
        }
        if let text = value("encoding") { mapping.encoding = try TextEncoding(parsing: text) }
        if let text = value("skipLines") {
            guard let lines = Int(text), lines >= 0, lines <= 1000 else {
                throw BillfoldError.validation("skipLines", Phrase("error.service.imports.skipLines"))
            }
            mapping.skipLines = lines
        }
        // Said either way, it is kept; left out, it is guessed.
        if value("invertAmounts") != nil { mapping.sign = try flag("invertAmounts") ? .inverted : .asWritten }
        options.mapping = mapping
    }

    /// The request for `data`, with a saved profile's mapping under what was given.
    func request(data: Data, fileName fallback: String, importer: BankImport) async throws -> BankImportRequest {
        var options = options
        if let profile { options.mapping = options.mapping.filled(from: try await importer.profile(profile)) }
        let name = String((fileName ?? fallback).prefix(200))
        var request = BankImportRequest(
            fileName: name, data: data, options: options, account: account, skipUnreadable: skipUnreadable)
        request.suggestsAccount = dryRun
        request.keepsBankText = keepBankText
        return request
    }
}

extension BankImportPlan {
    /// The CSV mapping as used, by field name, for the API and the form.
    var mappingValues: [String: String]? {
        guard let mapping = csv?.mapping else { return nil }
        var values: [String: String] = [:]
        for (name, path) in CSVMapping.columnFields {
            if let column = mapping[keyPath: path] { values[name] = column.description }
        }
        values["dateFormat"] = mapping.dateOrder?.rawValue
        values["decimal"] = mapping.decimal?.rawValue
        values["delimiter"] = mapping.delimiter.map { $0 == "\t" ? "tab" : $0 }
        values["encoding"] = mapping.encoding?.rawValue
        values["skipLines"] = mapping.skipLines.map(String.init)
        values["invertAmounts"] = mapping.sign == .inverted ? "true" : "false"
        return values
    }
}
