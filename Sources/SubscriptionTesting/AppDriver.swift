import Foundation
import SimulatorCore
import SubscriptionModel

/// Plays one timeline through a fresh simulated device and the team's app, recording what
/// the app reports at each event (`AppRecording`).
///
/// At each event it first moves the device (the clock to the event's instant; the zone at
/// `set-zone`; `defaults` emptied at `reinstall`; the entitlements at `set-entitlement`),
/// then calls the app: the factory at a launch (`install`, `reinstall`, `relaunch`: a
/// new process), the hook for the event's moments, the feature's closure for a use, then
/// every screen reader. A day that began since the last event while the app was on the
/// screen is told first (`.dayChanged`, the clock at the day's start). While the app is in
/// the background it reads no screen, and an entitlement change is told
/// (`.entitlementsChanged`) only when the app returns to the screen or is launched again,
/// as `Transaction.updates` delivers it; a day begun meanwhile is told after `foreground`. The whole timeline is played in one go in the isolation the adapter's calls
/// need: on the harness's thread when every call is synchronous, else in a task, or on
/// the main actor for a `@MainActor` app (its calls are then made without a hop each),
/// while the harness's thread waits.
struct AppDriver<App>: Sendable {
    /// The adapter, fitted to the policy.
    let binding: AdapterBinding<App>

    /// `events` played on a new device starting in `zone`.
    func record(zone: TimeZoneRules, events: [Event]) -> AppRecording {
        let session = Session(binding: binding, zone: zone, events: events)
        let isolation = binding.isolation
        // Set on a copy: an abandoned task may still touch the session's recording.
        var problem: String?
        if isolation == .none {
            // Synchronous code runs on the harness's own thread: no task, and no
            // cooperative thread kept busy for the length of a check.
            session.playSynchronously()
        } else {
            switch AsyncBridge.wait({ started in
                if isolation == .mainActor { await session.playOnMainActor(started: started) } else { await session.play(started: started) }
            }) {
            case .finished:
                break
            case .timedOut:
                problem = "\(binding.adapter.name) did not finish a timeline of \(events.count) events within \(Int(AsyncBridge.timeoutSeconds)) s (stuck at event \(session.recording.reports.count))"
            case .notStarted:
                problem = "\(binding.adapter.name)'s timeline of \(events.count) events did not start within \(Int(AsyncBridge.startLimitSeconds)) s: "
                    + (isolation == .mainActor ? "the main actor" : "Swift's cooperative threads") + " stayed busy (tests that block them with long synchronous work?)"
            }
        }
        session.device.dropTimers() // the timers' closures hold the app and the device
        var recording = session.recording
        if let problem { recording.problem = problem }
        recording.clockDisagreement = session.device.clockDisagreement
        return recording
    }

    /// One timeline's device, app and reports. Touched by one task at a time: the
    /// harness waits for the task, and abandons the session if it does not finish.
    private final class Session: @unchecked Sendable {
        let binding: AdapterBinding<App>
        let device: SimulatedDevice
        var app: App?
        var recording: AppRecording

        init(binding: AdapterBinding<App>, zone: TimeZoneRules, events: [Event]) {
            self.binding = binding
            self.device = SimulatedDevice(at: events.first?.at ?? Instant(millisecondsSince1970: 0), zone: zone)
            self.recording = AppRecording(events: events)
        }

        /// `app`, the first of a class instance noted in the recording (so that two
        /// devices given one object, a singleton, can be told).
        func made(_ app: App) -> App {
            if recording.firstApp == nil, type(of: app as Any) is AnyClass { recording.firstApp = AppRecording.AppObject(object: app as AnyObject) }
            return app
        }

        /// Whether the app is in the background (between `background` and its return).
        var inBackground = false
        /// Whether StoreKit's entitlements changed while the app was not told.
        var untoldEntitlements = false
        /// Whether the user ever subscribed (an introductory offer is for the first
        /// subscription only), and the end of the offer the current report is in, if any.
        var subscribedBefore = false
        var offerEnds: Instant?
        /// The product StoreKit reports and the instant it first reported it after none or
        /// another product: when that subscription began (`DeviceEntitlement.purchaseDate`).
        var productSince: (product: Int, at: Instant)?
        /// Whether a consumable was refunded while the app was not told.
        var untoldConsumables = false
        /// The instant of the last event played (or the last day's start told since), and
        /// whether a day began after it while the app was in the background (told after
        /// `foreground`).
        var lastInstant: Instant?
        var dayBegunInBackground = false

        /// Passes the time from the last event to `event` (its instant included) while the
        /// app runs, in order, up to the next thing to tell or run: a day's start in the
        /// device's zone (`.dayChanged`, the clock there) or one of the app's timers. Nil
        /// when the clock has reached `event`. Days are told only to an app with a
        /// lifecycle hook. In the background no timer runs, and a day begun is noted for
        /// the app's return.
        func passTime(to event: Event) throws -> Between? {
            if binding.adapter.hook != nil, let last = lastInstant {
                let start = device.zoneRules.nextDateStart(after: last)
                if start <= event.at, inBackground {
                    dayBegunInBackground = true
                } else if start <= event.at {
                    if let timer = try nextTimer(firingBy: start.adding(milliseconds: -1)) { return .timer(timer) }
                    lastInstant = start
                    beginDay(at: start)
                    return .dayStart
                }
            }
            if !inBackground, let timer = try nextTimer(firingBy: event.at) { return .timer(timer) }
            between = nil // at the event: what fails now fails at it
            return nil
        }

        /// Adds `.dayChanged` to the event's moments (a zone change that moved the date,
        /// or the app's return after a day began), or notes it for the app's return when
        /// the app is in the background.
        func tellDayChange(_ ask: inout Ask, at instant: Instant) {
            if inBackground {
                dayBegunInBackground = true
                return
            }
            ask.moments.append(.dayChanged)
            if binding.adapter.hook != nil { note(.dayChanged, at: instant, withEvent: true) }
        }

        /// The instant of what the app is told between two events (a day's start, a
        /// timer's run) while it is told, for a failure's place; nil otherwise.
        var between: Instant?

        /// Notes in the recording what the app is told that no event carries.
        func note(_ kind: AppRecording.Told.Kind, at instant: Instant, withEvent: Bool = false) {
            if !withEvent { between = instant }
            recording.told.append(AppRecording.Told(kind: kind, beforeReport: recording.reports.count, at: instant, withEvent: withEvent))
        }

        /// The app's next timer that fires by `latest`, taken, with the clock moved to its
        /// run and the run noted: its fire date, or the current instant when that has
        /// passed, or `lateAt` for a timer that came due while the app was in the
        /// background (run on its return). Throws after `timerRunsAllowed` runs without the
        /// clock moving on.
        func nextTimer(firingBy latest: Instant, lateAt: Instant? = nil) throws -> SimulatedDevice.ScheduledTimer? {
            guard let timer = device.takeTimer(firingBy: latest) else { return nil }
            let at = lateAt ?? max(timer.fires, device.currentInstant)
            if lastTimerRun.map({ at > $0 }) ?? true {
                lastTimerRun = at
                timerRunsAtOneInstant = 0
            }
            timerRunsAtOneInstant += 1
            guard timerRunsAtOneInstant <= Self.timerRunsAllowed else { throw TimersKeptFiring(runs: timerRunsAtOneInstant - 1, at: at) }
            device.set(instant: at)
            note(.timer, at: at, withEvent: lateAt != nil)
            return timer
        }

        /// The instant of the last timer run, and how many ran there.
        var lastTimerRun: Instant?
        var timerRunsAtOneInstant = 0

        /// How many timers may run at one instant: more is a timer that keeps scheduling
        /// another at or before its own fire date.
        static var timerRunsAllowed: Int { 10_000 }

        /// One thing between two events: a day's start to tell, or a timer to run.
        enum Between {
            case dayStart
            case timer(SimulatedDevice.ScheduledTimer)
        }

        /// Moves the clock to `start` and notes that the app is told of the day there.
        func beginDay(at start: Instant) {
            device.set(instant: start)
            note(.dayChanged, at: start)
        }

        /// What one event asks of the app, once the device has been moved.
        struct Ask {
            var moments: [AppMoment] = []
            var use: (feature: Int, use: FeatureUse)?
            /// Whether the app is on the screen after the event, so its screens are read.
            var readsScreens = true
            /// Whether the app returns to the screen, so the timers that came due in the
            /// background run after its moments.
            var runsLateTimers = false

            /// Whether the event launches the app (a new process).
            var launches: Bool { moments.first?.isLaunch == true }
        }

        /// The offer StoreKit would report a `set-entitlement` sold with (`DeviceEntitlement.offerType`):
        /// introductory for the first subscription of the user's life, when its product has
        /// an introductory offer and `expires` is the offer's end; and for the same report again.
        func offerType(of entitlement: Entitlement?, at instant: Instant) -> DeviceEntitlement.OfferType? {
            let policy = binding.policy
            defer {
                if let entitlement, case .autoRenewable = policy.products[entitlement.product].kind { subscribedBefore = true }
            }
            guard let entitlement else {
                offerEnds = nil
                return nil
            }
            if let ends = offerEnds, entitlement.expires == ends { return .introductory }
            offerEnds = nil
            guard !subscribedBefore, let offer = policy.products[entitlement.product].introductoryOffer, let period = ProductPeriod(iso: offer.period)
            else { return nil }
            let count = offer.payment == .payAsYouGo ? offer.periods : 1
            let length = ProductPeriod(months: period.months * count, days: period.days * count)
            guard let expires = entitlement.expires, expires == length.end(after: instant, count: 1) else { return nil }
            offerEnds = expires
            return .introductory
        }

        /// Moves the device for `event` and says what to ask the app.
        func prepare(_ event: Event) -> Ask {
            device.set(instant: event.at)
            lastInstant = event.at
            var ask = Ask()
            switch event.action {
            case .install:
                ask.moments = [.install]
            case .reinstall:
                device.reinstall()
                ask.moments = [.reinstall]
            case .relaunch:
                ask.moments = [.relaunch]
            case .look:
                ask.moments = [.look]
            case .timer:
                ask.moments = [.timer]
            case .background:
                ask.moments = [.background]
            case .foreground:
                ask.moments = [.foreground]
            case .setZone(let zone):
                let movesDate = device.zoneRules.localDate(at: event.at) != zone.localDate(at: event.at)
                device.setZone(zone)
                ask.moments = [.timeZoneChanged]
                if movesDate { tellDayChange(&ask, at: event.at) }
            case .signIn:
                ask.moments = [.signIn]
            case .setEntitlement(let entitlement):
                let offer = offerType(of: entitlement, at: event.at)
                if let product = entitlement?.product, product != productSince?.product { productSince = (product, event.at) }
                if entitlement == nil { productSince = nil }
                let began = productSince.map { SimulatedDevice.date($0.at) }
                device.setEntitlements(entitlement.map { [DeviceEntitlement($0, policy: binding.policy, offerType: offer, purchaseDate: began)] } ?? [])
                if inBackground { untoldEntitlements = true } else { ask.moments = [.entitlementsChanged] }
            case .purchase(let pack):
                device.purchaseConsumable(binding.policy.creditPacks[pack].id)
                ask.moments = [.consumablesChanged]
            case .refund(let pack):
                device.refundConsumable(binding.policy.creditPacks[pack].id)
                if inBackground { untoldConsumables = true } else { ask.moments = [.consumablesChanged] }
            case .use(let feature, let day):
                let diaryDay = day.map { DateComponents(year: $0.components.year, month: $0.components.month, day: $0.components.day) }
                ask.use = (feature, FeatureUse(feature: binding.policy.features[feature].id, diaryDay: diaryDay))
            }
            switch event.action {
            case .install, .reinstall, .relaunch, .foreground:
                inBackground = false
                if event.action == .foreground {
                    ask.runsLateTimers = true
                    if dayBegunInBackground { tellDayChange(&ask, at: event.at) }
                } else {
                    device.dropTimers() // a new process
                }
                dayBegunInBackground = false
                if untoldEntitlements { ask.moments.append(.entitlementsChanged) }
                if untoldConsumables { ask.moments.append(.consumablesChanged) }
                untoldEntitlements = false
                untoldConsumables = false
            case .background:
                inBackground = true
            default:
                break
            }
            ask.readsScreens = !inBackground
            return ask
        }

        /// Plays every event on the calling thread (every call is synchronous).
        func playSynchronously() {
            for event in recording.events {
                var call = "timers"
                do {
                    if let app {
                        // Time passes to the event: the app's timers and the days' starts, in order.
                        while let between = try passTime(to: event) {
                            switch between {
                            case .dayStart:
                                call = "lifecycle(.dayChanged)"
                                try binding.adapter.hook?.callSync((app, .dayChanged))
                                call = "timers"
                            case .timer(let timer):
                                timer.run()
                            }
                        }
                    }
                    let ask = prepare(event)
                    call = "make"
                    if ask.launches { app = made(try binding.adapter.make.callSync(device)) }
                    guard let app else { throw NotLaunched() }
                    if let hook = binding.adapter.hook {
                        for moment in ask.moments {
                            call = "lifecycle(.\(moment.rawValue))"
                            try hook.callSync((app, moment))
                        }
                    }
                    call = "timers"
                    while ask.runsLateTimers, let timer = try nextTimer(firingBy: event.at, lateAt: event.at) {
                        timer.run()
                    }
                    var result: UseResult?
                    if let use = ask.use {
                        call = "use(\"\(use.use.feature)\")"
                        result = try binding.uses[use.feature].callSync((app, use.use))
                    }
                    var screens: [ScreenValue?] = []
                    for (index, read) in binding.screens.enumerated() {
                        guard ask.readsScreens, let read else { screens.append(nil); continue }
                        call = "screen(\"\(binding.policy.screens[index].name)\")"
                        screens.append(try read.callSync(app))
                    }
                    recording.reports.append(AppReport(result: result, screens: screens))
                } catch {
                    fail(call, event, error)
                    return
                }
            }
        }

        /// Plays every event from a task (synchronous and `async` calls).
        func play(started: @Sendable () -> Void) async {
            started()
            for event in recording.events {
                var call = "timers"
                do {
                    if let app {
                        // Time passes to the event: the app's timers and the days' starts, in order.
                        while let between = try passTime(to: event) {
                            switch between {
                            case .dayStart:
                                call = "lifecycle(.dayChanged)"
                                try await binding.adapter.hook?.call((app, .dayChanged))
                                call = "timers"
                            case .timer(let timer):
                                await timer.runIsolated()
                            }
                        }
                    }
                    let ask = prepare(event)
                    call = "make"
                    if ask.launches { app = made(try await binding.adapter.make.call(device)) }
                    guard let app else { throw NotLaunched() }
                    if let hook = binding.adapter.hook {
                        for moment in ask.moments {
                            call = "lifecycle(.\(moment.rawValue))"
                            try await hook.call((app, moment))
                        }
                    }
                    call = "timers"
                    while ask.runsLateTimers, let timer = try nextTimer(firingBy: event.at, lateAt: event.at) {
                        await timer.runIsolated()
                    }
                    var result: UseResult?
                    if let use = ask.use {
                        call = "use(\"\(use.use.feature)\")"
                        result = try await binding.uses[use.feature].call((app, use.use))
                    }
                    var screens: [ScreenValue?] = []
                    for (index, read) in binding.screens.enumerated() {
                        guard ask.readsScreens, let read else { screens.append(nil); continue }
                        call = "screen(\"\(binding.policy.screens[index].name)\")"
                        screens.append(try await read.call(app))
                    }
                    recording.reports.append(AppReport(result: result, screens: screens))
                } catch {
                    fail(call, event, error)
                    return
                }
            }
        }

        /// Plays every event on the main actor (a `@MainActor` app's calls made directly).
        @MainActor
        func playOnMainActor(started: @Sendable () -> Void) async {
            started()
            for event in recording.events {
                var call = "timers"
                do {
                    if let app {
                        // Time passes to the event: the app's timers and the days' starts, in order.
                        while let between = try passTime(to: event) {
                            switch between {
                            case .dayStart:
                                call = "lifecycle(.dayChanged)"
                                try await binding.adapter.hook?.callOnMain((app, .dayChanged))
                                call = "timers"
                            case .timer(let timer):
                                await timer.runIsolated()
                            }
                        }
                    }
                    let ask = prepare(event)
                    call = "make"
                    if ask.launches { app = made(try await binding.adapter.make.callOnMain(device)) }
                    guard let app else { throw NotLaunched() }
                    if let hook = binding.adapter.hook {
                        for moment in ask.moments {
                            call = "lifecycle(.\(moment.rawValue))"
                            try await hook.callOnMain((app, moment))
                        }
                    }
                    call = "timers"
                    while ask.runsLateTimers, let timer = try nextTimer(firingBy: event.at, lateAt: event.at) {
                        await timer.runIsolated()
                    }
                    var result: UseResult?
                    if let use = ask.use {
                        call = "use(\"\(use.use.feature)\")"
                        result = try await binding.uses[use.feature].callOnMain((app, use.use))
                    }
                    var screens: [ScreenValue?] = []
                    for (index, read) in binding.screens.enumerated() {
                        guard ask.readsScreens, let read else { screens.append(nil); continue }
                        call = "screen(\"\(binding.policy.screens[index].name)\")"
                        screens.append(try await read.callOnMain(app))
                    }
                    recording.reports.append(AppReport(result: result, screens: screens))
                } catch {
                    fail(call, event, error)
                    return
                }
            }
        }

        private func fail(_ call: String, _ event: Event, _ error: any Error) {
            let place = "event \(recording.reports.count) (\(HarnessText.event(event, policy: binding.policy)) at \(event.at))"
            if let runaway = error as? TimersKeptFiring {
                recording.problem = "\(binding.adapter.name)'s timers kept firing before \(place): \(runaway)"
            } else {
                // A day's start between two events is named by its instant, before the event.
                recording.problem = "\(binding.adapter.name)'s \(call) threw at \(between.map { "\($0), before " } ?? "")\(place): \(String(reflecting: error))"
            }
        }
    }

    /// The app's timers kept scheduling one another at or before their own fire dates.
    struct TimersKeptFiring: Error, CustomStringConvertible {
        let runs: Int
        let at: Instant
        var description: String { "\(Figures.grouped(runs)) ran at \(at) and more were due (a timer that schedules another at or before its own fire date?)" }
    }

    /// An event came before the app was ever launched (a timeline starts with `install`).
    struct NotLaunched: Error, CustomStringConvertible {
        var description: String { "no app: the timeline does not start with an install" }
    }
}
