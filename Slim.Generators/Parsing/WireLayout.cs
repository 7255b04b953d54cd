using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;

namespace NFX.Slim.Generators.Parsing;

/// <summary>
/// The fields Slim writes for a type, in wire order, read from symbols: the rule of the runtime's FieldLayout (every
/// instance field, auto-property backing fields, captured primary-constructor parameters and field-like events included;
/// base types first; each type's own fields in ordinal name order; [NonSerialized] left out). The runtime checks the
/// names a generated codec carries against its own list before using it.
/// </summary>
internal static class WireLayout
{
    /// <summary>One field as the runtime sees it: its metadata name, its type and the symbol that declares it.</summary>
    public readonly struct WireField
    {
        public WireField(string name, ITypeSymbol type, INamedTypeSymbol owner, ISymbol symbol, bool isReadOnly)
        {
            Name = name;
            Type = type;
            Owner = owner;
            Symbol = symbol;
            IsReadOnly = isReadOnly;
        }

        public string Name { get; }

        public ITypeSymbol Type { get; }

        public INamedTypeSymbol Owner { get; }

        /// <summary>The field, or the event whose hidden field this is.</summary>
        public ISymbol Symbol { get; }

        public bool IsReadOnly { get; }
    }

    public static List<WireField> Of(INamedTypeSymbol type)
    {
        var chain = new List<INamedTypeSymbol>();
        for (INamedTypeSymbol? t = type; t is not null && t.SpecialType is not (SpecialType.System_Object or SpecialType.System_ValueType); t = t.BaseType)
        {
            chain.Add(t);
        }
        chain.Reverse();
        var fields = new List<WireField>();
        foreach (INamedTypeSymbol t in chain)
        {
            var own = new List<WireField>();
            foreach (ISymbol member in t.GetMembers())
            {
                if (member.IsStatic)
                {
                    continue;
                }
                if (member is IFieldSymbol field && !field.IsConst)
                {
                    if (!IsNonSerialized(field))
                    {
                        own.Add(new WireField(field.MetadataName, field.Type, t, field, field.IsReadOnly));
                    }
                }
                else if (member is IEventSymbol { IsAbstract: false } @event && @event.AddMethod is { IsImplicitlyDeclared: true })
                {
                    // A field-like event is a private field of the delegate type, named as the event.
                    own.Add(new WireField(@event.MetadataName, @event.Type, t, @event, isReadOnly: false));
                }
            }
            own.Sort(static (a, b) => string.CompareOrdinal(a.Name, b.Name));
            fields.AddRange(own);
        }
        return fields;
    }

    private static bool IsNonSerialized(IFieldSymbol field) =>
        field.GetAttributes().Any(static a => a.AttributeClass?.ToDisplayString() == "System.NonSerializedAttribute");

    /// <summary>The field's name in messages: the declaring type's name and the field's, backing-field noise removed.</summary>
    public static string DisplayName(WireField field)
    {
        string name = field.Name;
        int end = name.IndexOf('>');
        if (name.StartsWith("<") && end > 1)
        {
            name = name.Substring(1, end - 1);
        }
        return field.Owner.MetadataName + "." + name;
    }
}
